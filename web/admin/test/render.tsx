import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18nFor } from '../../common/i18n';

/** Renders inside the real English catalogue and the element dialogs make inert. */
export function renderAdmin(ui: ReactElement) {
  return render(
    <I18nextProvider i18n={i18nFor('en')}>
      <div id="admin-app">{ui}</div>
    </I18nextProvider>,
  );
}
