// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserAccount } from '#shared/users';
import { renderAdmin } from '../../../test/render';
import { toast } from '../../../../common/toast';
import { stubApi } from '../../../test/query';
import { AccountList } from './AccountList';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const account = (id: number, username: string, two_factor: boolean): UserAccount => ({
  id,
  username,
  name: null,
  language: null,
  email: `${username}@example.com`,
  role: 'sales',
  is_admin: true,
  active: true,
  two_factor,
  last_sign_in_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
});
const accounts = [account(1, 'boss', true), account(2, 'alice', true), account(3, 'bob', false)];

function renderList(language: 'en' | 'pt' | 'de' = 'en') {
  const calls = stubApi(() => ({ ...accounts[1], two_factor: false }));
  renderAdmin(<AccountList accounts={accounts} invitations={[]} me="boss" />, { language });
  return calls;
}

const row = (username: string) =>
  screen.getAllByTestId('account-row').find((r) => r.textContent?.includes(username))!;

describe('AccountList: resetting a colleague’s two-factor sign-in', () => {
  it('is offered for colleagues with it on, never for one’s own account', () => {
    renderList();
    expect(
      within(row('alice')).getByRole('button', { name: 'Reset two-factor: alice' }),
    ).toBeTruthy();
    expect(within(row('boss')).queryByRole('button', { name: /Reset two-factor/ })).toBeNull();
    expect(within(row('bob')).queryByRole('button', { name: /Reset two-factor/ })).toBeNull();
  });

  it('asks first, then resets and says so; Cancel changes nothing', async () => {
    const calls = renderList();
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor: alice' }));
    let dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Reset the two-factor sign-in of alice? Their authenticator app and recovery codes stop working and they are signed out everywhere.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor: alice' }));
    dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual(['POST /api/users/2/2fa/reset']);
    expect(success).toHaveBeenCalledWith(
      'Two-factor sign-in of alice has been reset and they have been signed out',
    );
  });

  it('asks in Portuguese and German too', () => {
    renderList('pt');
    fireEvent.click(
      screen.getByRole('button', { name: 'Repor a autenticação de dois fatores: alice' }),
    );
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Repor a autenticação de dois fatores de alice?',
    );
    cleanup();
    renderList('de');
    fireEvent.click(
      screen.getByRole('button', { name: 'Zwei-Faktor-Anmeldung zurücksetzen: alice' }),
    );
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Die Zwei-Faktor-Anmeldung von alice zurücksetzen?',
    );
  });
});
