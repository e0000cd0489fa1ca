// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/languages';
import { DEFAULT_SETTINGS } from '#shared/settings';
import { i18nFor } from '../../common/i18n';
import { toast } from '../../common/toast';
import { json, stubModelApi } from '../test/llm-api';
import { quietToasts } from '../test/quiet-toasts';
import { adminRoutes, App } from './App';

quietToasts();

const PASSWORD = 'correct horse';
const CODE = '123456';
const HOOK = 'https://crm.example.com/hook';

/**
 * The server, whose session (`server.session`: the account signed in, or
 * none) a test ends as an expiry or a sign-out elsewhere would. `twoFactor`:
 * the accounts whose sign-in asks for a code.
 */
function stubServer(twoFactor: string[] = []) {
  const server = { session: 'boss' as string | null, pending: null as string | null };
  const refused = () => json(401, { error: 'Authentication required' });
  const calls = stubModelApi(({ method, url, body }) => {
    const path = url.split('?')[0]!;
    if (path === '/api/auth/login') {
      const username = String(body?.username);
      if (body?.password !== PASSWORD) return json(401, { error: 'Invalid username or password' });
      if (twoFactor.includes(username)) {
        server.pending = username;
        return json(200, { data: { two_factor_required: true } });
      }
      server.session = username;
      return json(200, { data: { user: { username, is_admin: true, role: 'admin' } } });
    }
    if (path === '/api/auth/login/2fa') {
      if (body?.code !== CODE || !server.pending)
        return json(401, { error: 'Invalid authentication code' });
      server.session = server.pending;
      return json(200, {
        data: { user: { username: server.session, is_admin: true, role: 'admin' } },
      });
    }
    if (path === '/api/auth/logout') {
      server.session = null;
      return json(200, { data: { ok: true } });
    }
    if (!server.session) return refused();
    if (path === '/api/auth/profile')
      return json(200, {
        data: {
          user: { username: server.session, is_admin: true, role: 'admin' },
          two_factor_enabled: twoFactor.includes(server.session),
          two_factor_setup_required: false,
        },
      });
    if (path === '/api/settings' && method === 'PUT')
      return json(200, { data: { ...DEFAULT_SETTINGS, ...body } });
    if (path === '/api/settings') return json(200, { data: DEFAULT_SETTINGS });
    return json(200, { data: [] });
  });
  const saves = () => calls.filter((c) => c.method === 'PUT' && c.url === '/api/settings');
  return { server, calls, saves };
}

function open(language: Language = 'en') {
  const router = createMemoryRouter(adminRoutes, { initialEntries: ['/admin/settings'] });
  render(<App i18n={i18nFor(language)} router={router} />);
  return { where: () => router.state.location.pathname };
}

const field = () =>
  waitFor(
    () => {
      const found = document.getElementById('setting-webhook_url');
      if (!found) throw new Error('no settings form yet');
      return found as HTMLInputElement;
    },
    { timeout: 3000 },
  );

/** The settings page with a webhook address typed and not saved. */
async function typeSetting() {
  const input = await field();
  fireEvent.change(input, { target: { value: HOOK } });
  return input;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
const ended = () => screen.findByRole('dialog', { name: 'Your session has ended' });
const asked = () =>
  screen.findByRole('alertdialog', {
    description: 'You have unsaved changes on this page. Leave without saving?',
  });

/** Signs in in the dialog: the username given (else the one filled in), the password. */
function signIn(dialog: HTMLElement, username?: string) {
  if (username)
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: PASSWORD } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
}

describe('a session the server ends under unsaved work', () => {
  it('keeps the page: signed in again in place, the work is saved as before', async () => {
    const { server, saves } = stubServer();
    const { where } = open();
    const input = await typeSetting();

    // Signed out elsewhere: the save is refused, and the page stays with what was typed.
    server.session = null;
    save();
    const dialog = await ended();
    expect(where()).toBe('/admin/settings');
    expect(input.value).toBe(HOOK);
    expect(saves()).toHaveLength(1);
    // The account whose session it was is filled in: the password has the focus.
    expect((within(dialog).getByLabelText('Username') as HTMLInputElement).value).toBe('boss');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Password')),
    );

    // A wrong password says so, as on the login page, and the dialog stays.
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByText('Invalid username or password')).toBeTruthy();

    signIn(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Signed in again. You can save your changes now.');
    expect(server.session).toBe('boss');
    // The same form, still holding what was typed: nothing the page loaded was dropped.
    expect(document.getElementById('setting-webhook_url')).toBe(input);
    expect(input.value).toBe(HOOK);

    save();
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.body).toEqual({ webhook_url: HOOK });
    await screen.findByText('Nothing has changed yet.');
    expect(where()).toBe('/admin/settings');
  });

  it("asks for the account's second step in the dialog too", async () => {
    const { server, saves } = stubServer(['boss']);
    open();
    await typeSetting();
    server.session = null;
    save();
    const dialog = await ended();
    signIn(dialog);
    const code = await within(dialog).findByLabelText('Authentication code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    fireEvent.change(code, { target: { value: CODE } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    save();
    await waitFor(() => expect(saves()).toHaveLength(2));
  });

  it("signed in as another account, never saves the page's work under that name", async () => {
    const { server, saves, calls } = stubServer();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    open();
    await typeSetting();
    server.session = null;
    save();
    const dialog = await ended();
    signIn(dialog, 'colleague');

    await within(dialog).findByText(/You are now signed in as colleague\./);
    // Nothing to close it with: it is answered by its own buttons.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Your session has ended' })).toBe(dialog);
    const next = within(dialog).getByRole('button', { name: 'Continue as colleague' });
    await waitFor(() => expect(document.activeElement).toBe(next));

    // The dashboard loads again as the colleague's, once the leave question is answered.
    fireEvent.click(next);
    fireEvent.click(within(await asked()).getByRole('button', { name: 'Stay' }));
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(next);
    fireEvent.click(within(await asked()).getByRole('button', { name: 'Leave' }));
    expect(assign).toHaveBeenCalledWith('/admin');
    expect(saves()).toHaveLength(1);

    // Or the first account signs in again instead, and saves its own work.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in as boss' }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/auth/logout'));
    signIn(await ended());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    save();
    await waitFor(() => expect(saves()).toHaveLength(2));
  });

  it('offers the login page, through the question about the unsaved work', async () => {
    const { server } = stubServer();
    const { where } = open();
    await typeSetting();
    server.session = null;
    save();
    const dialog = await ended();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in on the login page' }));
    fireEvent.click(within(await asked()).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(where()).toBe('/admin/settings');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in on the login page' }));
    fireEvent.click(within(await asked()).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(where()).toBe('/login'));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
  });

  it('put away, leaves the work to read and copy; a notice and the next save bring it back', async () => {
    const { server } = stubServer();
    open();
    const input = await typeSetting();
    server.session = null;
    save();
    await ended();

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const notice = screen.getByRole('region', { name: 'Your session has ended' });
    expect(input.closest('[inert]')).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Sign in again' }));
    await ended();

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    save();
    await ended();
  });

  it('says so in each language', async () => {
    for (const [language, title] of [
      ['pt', 'A sua sessão terminou'],
      ['de', 'Ihre Sitzung ist beendet'],
    ] as const) {
      const { server } = stubServer();
      open(language);
      const input = await typeSetting();
      server.session = null;
      fireEvent.submit(input.closest('form')!);
      expect(await screen.findByRole('dialog', { name: title })).toBeTruthy();
      cleanup();
    }
  });
});

describe('a session the server ends with nothing unsaved', () => {
  it('goes to /login and says why, as before', async () => {
    const { server } = stubServer();
    const { where } = open();
    await field();
    server.session = null;
    // Any call refused reads the profile again: here the next page's.
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Admin pages' })).getByRole('link', {
        name: 'Account',
      }),
    );
    await waitFor(() => expect(where()).toBe('/login'));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
