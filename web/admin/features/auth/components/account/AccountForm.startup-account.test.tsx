// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '#shared/auth';
import type { Language } from '#shared/languages';
import { authKeys } from '../../api/auth.queries';
import { json, stubModelApi } from '../../../../test/llm-api';
import { renderAdmin } from '../../../../test/render';
import { AccountForm } from './AccountForm';

afterEach(cleanup);

const profile = (startup: boolean): Profile => ({
  user: { username: 'setup', name: null, language: null, is_admin: true, role: 'admin' },
  two_factor_enabled: false,
  two_factor_setup_required: false,
  email: null,
  pending_email: null,
  ...(startup && { startup_account: true as const }),
});

/** The account page's form, the profile loaded (as the page has it) and the same when asked again. */
function show(startup: boolean, language: Language = 'en') {
  stubModelApi(({ url }) =>
    url === '/api/auth/profile' ? json(200, { data: profile(startup) }) : undefined,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.profile, profile(startup));
  renderAdmin(<AccountForm username="setup" />, { language, client });
}

/** The same warning the Users page's delete question gives for this account. */
const WARNING: Record<Language, string> = {
  en: "This account is created again at the next start while the server's ADMIN_USERNAME names it. Remove ADMIN_USERNAME and ADMIN_PASSWORD from the server's settings.",
  pt: 'Esta conta é criada de novo no próximo arranque enquanto a variável ADMIN_USERNAME do servidor a indicar. Retire ADMIN_USERNAME e ADMIN_PASSWORD da configuração do servidor.',
  de: 'Dieses Konto wird beim nächsten Start erneut angelegt, solange ADMIN_USERNAME in der Serverkonfiguration darauf verweist. Entfernen Sie ADMIN_USERNAME und ADMIN_PASSWORD aus der Serverkonfiguration.',
};
const USERNAME: Record<Language, string> = {
  en: 'Username',
  pt: 'Nome de utilizador',
  de: 'Benutzername',
};

describe('the account page’s username, for the account ADMIN_USERNAME names', () => {
  for (const language of ['en', 'pt', 'de'] as const) {
    it(`says under the field, in ${language}, that the next start creates the name again`, () => {
      show(true, language);
      const warning = screen.getByText(WARNING[language]);
      const field = screen.getByLabelText(USERNAME[language]);
      expect(field.getAttribute('aria-describedby')).toContain(warning.id);
    });
  }

  it('says nothing of the kind for another account', () => {
    show(false);
    expect(screen.queryByText(/ADMIN_USERNAME/)).toBeNull();
    expect(screen.getByLabelText('Username').getAttribute('aria-describedby')).toBeNull();
  });
});
