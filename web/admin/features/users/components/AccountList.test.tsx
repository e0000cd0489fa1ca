// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invitation, UserAccount } from '#shared/users';
import { renderAdmin } from '../../../test/render';
import { AccountList } from './AccountList';

let calls: { path: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path: `${init?.method ?? 'GET'} ${url}`, body });
      return new Response(JSON.stringify({ data: { ...alice, ...body } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const account = (id: number, username: string): UserAccount => ({
  id,
  username,
  name: null,
  language: null,
  email: `${username}@example.com`,
  role: 'admin',
  is_admin: true,
  active: true,
  two_factor: false,
  last_sign_in_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
});
const alice = account(2, 'alice');
const accounts = [account(1, 'boss'), alice, account(3, 'bob')];
const invitation = (id: number, invited_by: string): Invitation => ({
  id,
  email: `guest${id}@example.com`,
  role: 'editor',
  language: 'en',
  invited_by,
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-04T00:00:00.000Z',
  expired: false,
});

function renderList(invitations: Invitation[], language: 'en' | 'pt' | 'de' = 'en') {
  renderAdmin(<AccountList accounts={accounts} invitations={invitations} me="boss" />, {
    language,
  });
}

const row = (username: string) =>
  screen.getAllByTestId('account-row').find((r) => r.textContent?.includes(username))!;
const roleOf = (username: string) =>
  within(row(username)).getByRole('combobox') as HTMLSelectElement;

describe('AccountList', () => {
  it('shows a colleague’s display name beside their username', () => {
    renderAdmin(
      <AccountList
        accounts={[account(1, 'boss'), { ...alice, name: 'Alice Martins' }]}
        invitations={[]}
        me="boss"
      />,
    );
    expect(within(row('alice')).getByTestId('account-name').textContent).toBe('Alice Martins');
    expect(within(row('boss')).queryByTestId('account-name')).toBeNull();
  });

  it('asks before a role that may not invite withdraws the pending invitations; Cancel changes nothing', () => {
    renderList([invitation(1, 'alice'), invitation(2, 'boss')]);
    fireEvent.change(roleOf('alice'), { target: { value: 'editor' } });
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Change the role of alice to Editor? This role cannot invite colleagues. ' +
        '1 pending invitation they sent will be withdrawn; its link stops working.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(roleOf('alice').value).toBe('admin');
    expect(calls).toEqual([]);
  });

  it('changes the role once confirmed', async () => {
    renderList([invitation(1, 'alice')]);
    fireEvent.change(roleOf('alice'), { target: { value: 'sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([{ path: 'PUT /api/users/2', body: { role: 'sales' } }]);
  });

  it('asks before any role change, so an arrow key on the picker writes nothing; Cancel puts it back', () => {
    renderList([invitation(1, 'alice')]);
    const picker = roleOf('bob');
    picker.focus();
    // Chrome on Windows and Linux fires change for each option an arrow key passes.
    fireEvent.change(picker, { target: { value: 'user' } });
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Change the role of bob to Visitor account?');
    expect(dialog.textContent).not.toContain('invitation');
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(roleOf('bob').value).toBe('admin');
    expect(document.activeElement).toBe(roleOf('bob'));
    expect(calls).toEqual([]);
  });

  it('keeps the focus on the picker while the confirmed role is written, and after', async () => {
    renderList([]);
    let answer!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        calls.push({ path: `${init?.method ?? 'GET'} ${url}`, body });
        await new Promise<void>((resolve) => (answer = resolve));
        return new Response(JSON.stringify({ data: { ...account(3, 'bob'), ...body } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    roleOf('bob').focus();
    fireEvent.change(roleOf('bob'), { target: { value: 'editor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(roleOf('bob').getAttribute('aria-disabled')).toBe('true'));
    expect(roleOf('bob').disabled).toBe(false);
    // A change while the write runs is refused, not asked about.
    fireEvent.change(roleOf('bob'), { target: { value: 'sales' } });
    expect(roleOf('bob').value).toBe('admin');
    answer();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual([{ path: 'PUT /api/users/3', body: { role: 'editor' } }]);
    expect(document.activeElement).toBe(roleOf('bob'));
  });

  it('leaves the deactivation question as it was without pending invitations', () => {
    renderList([invitation(1, 'alice')]);
    fireEvent.click(within(row('bob')).getByRole('button', { name: /^Deactivate/ }));
    expect(screen.getByRole('alertdialog').textContent).not.toContain('invitation');
  });

  it('counts the invitations in European Portuguese and formal German', () => {
    renderList([invitation(1, 'alice')], 'pt');
    fireEvent.click(within(row('alice')).getByRole('button', { name: /^Desativar/ }));
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Será retirado 1 convite pendente enviado por esta conta; a ligação deixa de funcionar.',
    );
    cleanup();
    renderList([invitation(1, 'alice'), invitation(2, 'alice')], 'de');
    fireEvent.click(within(row('alice')).getByRole('button', { name: /^Löschen/ }));
    expect(screen.getByRole('alertdialog').textContent).toContain(
      '2 offene Einladungen dieses Kontos werden zurückgezogen; ihre Links funktionieren dann nicht mehr.',
    );
  });

  it('asks about a role in European Portuguese and formal German', () => {
    renderList([], 'pt');
    fireEvent.change(roleOf('bob'), { target: { value: 'sales' } });
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Alterar a função de bob para Vendas?',
    );
    cleanup();
    renderList([], 'de');
    fireEvent.change(roleOf('bob'), { target: { value: 'sales' } });
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Die Rolle von bob auf Vertrieb ändern?',
    );
  });
});
