import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '#shared/languages';
import { i18nFor } from '../../common/i18n';

/**
 * Renders inside the real catalogue (English unless told), a fresh query
 * cache without retries, and the element dialogs make inert.
 */
export function renderAdmin(
  ui: ReactElement,
  { language = 'en', client }: { language?: Language; client?: QueryClient } = {},
) {
  const queryClient = client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    queryClient,
    ...render(
      <I18nextProvider i18n={i18nFor(language)}>
        <QueryClientProvider client={queryClient}>
          <div id="admin-app">{ui}</div>
        </QueryClientProvider>
      </I18nextProvider>,
    ),
  };
}
