// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/languages';
import type { Role } from '#shared/roles';
import type { UserAccount } from '#shared/users';
import { toast } from '../../../../common/toast';
import { renderAdmin } from '../../../test/render';
import { stubApi } from '../../../test/query';
import { AccountList } from './AccountList';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const account = (id: number, username: string, role: Role, open: number): UserAccount => ({
  id,
  username,
  name: null,
  language: null,
  email: `${username}@example.com`,
  role,
  is_admin: true,
  active: true,
  two_factor: false,
  last_sign_in_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  open_enquiries: open,
});
const accounts = [
  account(1, 'boss', 'admin', 0),
  account(2, 'bob', 'sales', 3),
  account(3, 'carla', 'sales', 1),
  account(4, 'dora', 'sales', 0),
];

/** The list, the server answering every change with `released` open enquiries given back. */
function renderList(language: Language = 'en', released = 3) {
  const calls = stubApi((method, path) =>
    method === 'DELETE'
      ? { id: Number(path.split('/').at(-1)), open_enquiries_released: released }
      : { ...accounts[1], open_enquiries_released: released },
  );
  renderAdmin(<AccountList accounts={accounts} invitations={[]} me="boss" />, { language });
  return calls;
}

const row = (username: string) =>
  screen.getAllByTestId('account-row').find((r) => r.textContent?.includes(username))!;
const question = () => screen.getByRole('alertdialog').textContent;

const HOLDS = 'bob has 3 open enquiries; they go back to the unassigned list.';

describe('AccountList: a colleague taken off enquiries', () => {
  it('says, before a role without enquiries, how many open ones go back; the toast how many went', async () => {
    const calls = renderList();
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    fireEvent.change(within(row('bob')).getByRole('combobox'), { target: { value: 'editor' } });
    expect(question()).toContain(`Change the role of bob to Editor? ${HOLDS}`);
    fireEvent.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual(['PUT /api/users/2']);
    expect(success).toHaveBeenCalledWith(
      'bob is now Editor',
      '3 open enquiries went back to the unassigned list',
    );
  });

  it('says it before a deactivation and a deletion, and the toast says what the server gave back', async () => {
    renderList('en', 2);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    fireEvent.click(within(row('bob')).getByRole('button', { name: /^Deactivate/ }));
    expect(question()).toContain(HOLDS);
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    expect(success).toHaveBeenLastCalledWith(
      'bob is deactivated and has been signed out',
      '2 open enquiries went back to the unassigned list',
    );

    fireEvent.click(within(row('carla')).getByRole('button', { name: /^Delete/ }));
    expect(question()).toContain('carla has 1 open enquiry; it goes back to the unassigned list.');
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledTimes(2));
    expect(success).toHaveBeenLastCalledWith(
      'carla has been deleted',
      '2 open enquiries went back to the unassigned list',
    );
  });

  it('says nothing of enquiries for a role that keeps them, or a colleague who holds none', async () => {
    renderList('en', 0);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    fireEvent.change(within(row('bob')).getByRole('combobox'), { target: { value: 'admin' } });
    expect(question()).not.toContain('enquir');
    fireEvent.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('bob is now Administrator', undefined),
    );
    fireEvent.click(within(row('dora')).getByRole('button', { name: /^Deactivate/ }));
    expect(question()).not.toContain('enquir');
  });

  it('says it in European Portuguese and formal German', async () => {
    renderList('pt');
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    fireEvent.click(within(row('bob')).getByRole('button', { name: /^Desativar/ }));
    expect(question()).toContain(
      'bob tem 3 pedidos de contacto em aberto; voltam para a lista dos pedidos sem atribuição.',
    );
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Desativar' }),
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        expect.any(String),
        '3 pedidos de contacto em aberto voltaram para a lista dos pedidos sem atribuição',
      ),
    );
    cleanup();
    renderList('de', 1);
    fireEvent.click(within(row('carla')).getByRole('button', { name: /^Löschen/ }));
    expect(question()).toContain(
      'carla hat 1 offene Anfrage; sie geht zurück in die Liste der nicht zugewiesenen Anfragen.',
    );
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Löschen' }),
    );
    await waitFor(() =>
      expect(success).toHaveBeenLastCalledWith(
        expect.any(String),
        '1 offene Anfrage ging zurück in die Liste der nicht zugewiesenen Anfragen',
      ),
    );
  });
});
