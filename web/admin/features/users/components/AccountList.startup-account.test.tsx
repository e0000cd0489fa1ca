// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '#shared/languages';
import type { UserAccount } from '#shared/users';
import { renderAdmin } from '../../../test/render';
import { AccountList } from './AccountList';

afterEach(cleanup);

const account = (id: number, username: string): UserAccount => ({
  id,
  username,
  name: null,
  language: null,
  email: null,
  role: 'admin',
  is_admin: true,
  active: true,
  two_factor: false,
  last_sign_in_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

/** The account the server's ADMIN_USERNAME names, as GET /api/users flags it. */
const setup: UserAccount = { ...account(1, 'setup'), startup_account: true };
const accounts = [setup, account(2, 'boss'), account(3, 'alice')];

const row = (username: string) =>
  screen.getAllByTestId('account-row').find((r) => r.textContent?.includes(username))!;

function ask(language: Language, username: string, button: RegExp) {
  renderAdmin(<AccountList accounts={accounts} invitations={[]} me="boss" />, { language });
  fireEvent.click(within(row(username)).getByRole('button', { name: button }));
  return screen.getByRole('alertdialog').textContent;
}

const WARNING: Record<Language, string> = {
  en: "This account is created again at the next start while the server's ADMIN_USERNAME names it. Remove ADMIN_USERNAME and ADMIN_PASSWORD from the server's settings.",
  pt: 'Esta conta é criada de novo no próximo arranque enquanto a variável ADMIN_USERNAME do servidor a indicar. Retire ADMIN_USERNAME e ADMIN_PASSWORD da configuração do servidor.',
  de: 'Dieses Konto wird beim nächsten Start erneut angelegt, solange ADMIN_USERNAME in der Serverkonfiguration darauf verweist. Entfernen Sie ADMIN_USERNAME und ADMIN_PASSWORD aus der Serverkonfiguration.',
};
const DELETE: Record<Language, RegExp> = { en: /^Delete/, pt: /^Eliminar/, de: /^Löschen/ };

describe('deleting the ADMIN_USERNAME account from the Users page', () => {
  for (const language of ['en', 'pt', 'de'] as const) {
    it(`says in ${language} that the next start creates it again`, () => {
      expect(ask(language, 'setup', DELETE[language])).toContain(WARNING[language]);
    });
  }

  it('is not said of another account, nor of a deactivation (the start keeps that one as it is)', () => {
    expect(ask('en', 'alice', /^Delete/)).not.toContain('ADMIN_USERNAME');
    cleanup();
    expect(ask('en', 'setup', /^Deactivate/)).not.toContain('ADMIN_USERNAME');
  });
});
