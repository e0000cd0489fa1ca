// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '#shared/settings';
import { i18nFor } from '../../common/i18n';
import { stubApi } from '../test/query';
import { adminRoutes, App } from './App';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The app at `entries` (the last one shown), signed in as an admin, over a memory history. */
function open(entries: string[], routes: RouteObject[] = adminRoutes) {
  const calls = stubApi((_method, url) => {
    if (url.endsWith('/auth/profile'))
      return {
        user: { username: 'boss', is_admin: true, role: 'admin' },
        two_factor_enabled: true,
        two_factor_setup_required: false,
      };
    if (url.endsWith('/settings')) return DEFAULT_SETTINGS;
    return [];
  });
  const router = createMemoryRouter(routes, {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  render(<App i18n={i18nFor('en')} router={router} />);
  return { calls, router, where: () => router.state.location.pathname };
}

/** Types an unsaved webhook address into the settings form. */
async function typeSetting() {
  const field = await waitFor(() => {
    const found = document.getElementById('setting-webhook_url');
    if (!found) throw new Error('no settings form yet');
    return found as HTMLInputElement;
  });
  fireEvent.change(field, { target: { value: 'https://crm.example.com/hook' } });
  expect(screen.queryByText('Nothing has changed yet.')).toBeNull();
  return field;
}

const navLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Admin pages' })).getByRole('link', { name });
const question = () => screen.queryByRole('alertdialog');
const asked = () =>
  screen.findByRole('alertdialog', {
    description: 'You have unsaved changes on this page. Leave without saving?',
  });

describe('moving to another admin page with unsaved work', () => {
  it('asks first: Stay keeps the page and what was typed, Leave goes', async () => {
    const { where } = open(['/admin/settings']);
    const field = await typeSetting();

    fireEvent.click(navLink('Account'));
    const dialog = await asked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(where()).toBe('/admin/settings');
    expect(field.value).toBe('https://crm.example.com/hook');

    fireEvent.click(navLink('Account'));
    fireEvent.click(within(await asked()).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(where()).toBe('/admin/account'));
    expect(question()).toBeNull();
  });

  it("asks before the browser's Back too", async () => {
    const { router, where } = open(['/admin/account', '/admin/settings']);
    await typeSetting();
    await act(() => router.navigate(-1));
    fireEvent.click(within(await asked()).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(where()).toBe('/admin/settings');
  });

  it('does not ask when the address changes but the page stays, or nothing is unsaved', async () => {
    const { router, where } = open(['/admin/settings']);
    const field = await typeSetting();
    // A filter, a tab or a page of a list in the address: the same page, the work is still there.
    await act(() => router.navigate('/admin/settings?tab=webhooks#latest'));
    expect(router.state.location.search).toBe('?tab=webhooks');
    expect(question()).toBeNull();
    expect(field.value).toBe('https://crm.example.com/hook');

    fireEvent.change(field, { target: { value: DEFAULT_SETTINGS.webhook_url } });
    await screen.findByText('Nothing has changed yet.');
    fireEvent.click(navLink('Account'));
    await waitFor(() => expect(where()).toBe('/admin/account'));
    expect(question()).toBeNull();
  });

  it('asks before Logout; Stay keeps the session, Leave signs out without asking again', async () => {
    const { calls, where } = open(['/admin/settings']);
    await typeSetting();

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    fireEvent.click(within(await asked()).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(calls).not.toContain('POST /api/auth/logout');
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    fireEvent.click(within(await asked()).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(where()).toBe('/login'));
    expect(calls).toContain('POST /api/auth/logout');
    expect(question()).toBeNull();
  });

  it('signs out at once when nothing is unsaved', async () => {
    const { calls, where } = open(['/admin/settings']);
    await screen.findByText('Nothing has changed yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(where()).toBe('/login'));
    expect(calls).toContain('POST /api/auth/logout');
    expect(question()).toBeNull();
  });
});

describe('the admin app', () => {
  it("shows its own error screen for a page that fails to render, not the router's", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('broken page');
    }
    // The app's layout route, with one page that throws.
    const { element, errorElement } = adminRoutes[0]!;
    open(
      ['/broken'],
      [{ element, errorElement, children: [{ path: '/broken', element: <Broken /> }] }],
    );
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('broken page')).toBeNull();
  });
});
