import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { i18nFor } from '../../common/i18n';

/** Runs a hook inside the English catalogue and `client`. */
export function renderWithClient<T>(hook: () => T, client: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18nFor('en')}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
  return renderHook(hook, { wrapper });
}

/**
 * Answers the fetch wrapper's calls with `{data}` envelopes as the API does,
 * recording each request as `METHOD /path`.
 */
export function stubApi(answer: (method: string, path: string) => unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      return new Response(JSON.stringify({ data: answer(method, url) }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
