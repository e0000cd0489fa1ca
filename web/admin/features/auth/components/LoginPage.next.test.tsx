// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../../../common/i18n';
import { adminRoutes, App } from '../../../app/App';
import { json, stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';

quietToasts();

const PASSWORD = 'correct horse';
const CODE = '123456';
/** What an alert e-mail links to: one enquiry on the dashboard's contacts tab. */
const ENQUIRY = '/admin?tab=contacts&contact=7';

/** The server: nobody signed in until the password (and, for `boss`, the code) is given. */
function stubServer() {
  const server = { session: null as string | null, pending: null as string | null };
  stubModelApi(({ url, body }) => {
    const path = url.split('?')[0]!;
    const user = (username: string) => ({ username, is_admin: true, role: 'admin' });
    if (path === '/api/auth/login') {
      if (body?.password !== PASSWORD) return json(401, { error: 'Invalid username or password' });
      server.pending = String(body.username);
      return json(200, { data: { two_factor_required: true } });
    }
    if (path === '/api/auth/login/2fa') {
      if (body?.code !== CODE) return json(401, { error: 'Invalid authentication code' });
      server.session = server.pending;
      return json(200, { data: { user: user(server.session!) } });
    }
    if (!server.session) return json(401, { error: 'Authentication required' });
    if (path === '/api/auth/profile')
      return json(200, {
        data: {
          user: user(server.session),
          two_factor_enabled: true,
          two_factor_setup_required: false,
        },
      });
    return json(200, { data: [] });
  });
  return server;
}

function open(at: string) {
  const router = createMemoryRouter(adminRoutes, { initialEntries: [at] });
  render(<App i18n={i18nFor('en')} router={router} />);
  const { pathname, search } = router.state.location;
  return {
    where: () => router.state.location.pathname + router.state.location.search,
    pathname,
    search,
  };
}

async function signIn() {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'boss' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: PASSWORD } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  const code = await screen.findByLabelText('Authentication code');
  fireEvent.change(code, { target: { value: CODE } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('an admin link opened signed out', () => {
  it('leads to the login page, and after both sign-in steps to the address asked for', async () => {
    stubServer();
    const { where } = open(ENQUIRY);
    await waitFor(() => expect(where()).toBe(`/login?next=${encodeURIComponent(ENQUIRY)}`));
    await signIn();
    await waitFor(() => expect(where()).toBe(ENQUIRY));
  });

  it('is still where signing in leads after the login page is loaded again', async () => {
    const server = stubServer();
    const first = open('/admin/settings');
    await waitFor(() => expect(first.where()).toBe('/login?next=%2Fadmin%2Fsettings'));
    const reloaded = first.where();
    cleanup();
    // The same address loaded again: the app starts from it.
    const again = open(reloaded);
    await signIn();
    await waitFor(() => expect(again.where()).toBe('/admin/settings'));
    expect(server.session).toBe('boss');
    // Signed in already, the login page with that address goes straight there.
    cleanup();
    const later = open('/login?next=%2Fadmin%3Ftab%3Dcontacts%26contact%3D9');
    await waitFor(() => expect(later.where()).toBe('/admin?tab=contacts&contact=9'));
  });

  it.each([
    '//evil.example',
    '/admin@evil.example',
    'https://evil.example/admin',
    '/%2F%2Fevil.example',
  ])('never leads off the admin: next=%s goes to the dashboard', async (next) => {
    stubServer();
    const { where } = open(`/login?next=${encodeURIComponent(next)}`);
    await signIn();
    await waitFor(() => expect(where()).toBe('/admin'));
  });
});
