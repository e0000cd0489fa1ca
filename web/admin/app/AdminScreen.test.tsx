// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '#shared/roles';
import { DEFAULT_SETTINGS } from '#shared/settings';
import {
  forgetDrafts,
  keepReplyDraft,
  replyDraft,
  draftsOf,
} from '../features/contacts/lib/drafts';
import { leavingIsQuestioned } from '../test/leave';
import { stubApi } from '../test/query';
import { renderAdmin } from '../test/render';
import { AccountPage } from './AccountPage';
import { AnalyticsPage } from './AnalyticsPage';
import { AdminNotFoundPage, AdminScreen } from './AdminScreen';
import { SettingsPage } from './SettingsPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Opens `path` signed in with `role`; `setupRequired`: the site wants a second factor first. */
function open(path: string, role: Role, setupRequired = false) {
  const calls = stubApi((_method, url) => {
    if (url.endsWith('/auth/profile'))
      return {
        user: { username: `${role}-1`, is_admin: true, role },
        two_factor_enabled: false,
        two_factor_setup_required: setupRequired,
      };
    if (url.endsWith('/settings')) return DEFAULT_SETTINGS;
    return [];
  });
  renderAdmin(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin" element={<AdminScreen>{() => <p>dashboard</p>}</AdminScreen>} />
        <Route path="/admin/account" element={<AccountPage />} />
        <Route path="/admin/settings" element={<SettingsPage />} />
        <Route path="/admin/analytics" element={<AnalyticsPage />} />
        <Route path="/admin/*" element={<AdminNotFoundPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Admin pages' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('unsent replies in the tab', () => {
  it('are forgotten when another account signs in, kept for their writer', async () => {
    draftsOf('sales-1');
    keepReplyDraft(7, 'Olá, Sra. Costa');
    open('/admin', 'sales');
    await navLinks();
    expect(replyDraft(7)).toBe('Olá, Sra. Costa');
    cleanup();
    open('/admin', 'editor');
    await navLinks();
    expect(replyDraft(7)).toBeUndefined();
  });

  it('let the page go without asking: an unsent reply is kept for the next window', async () => {
    open('/admin/analytics', 'sales');
    await navLinks();
    act(() => keepReplyDraft(7, 'Olá, Sra. Costa'));
    // Asking on every close for a week would only teach colleagues to click "Leave".
    expect(leavingIsQuestioned()).toBe(false);
    expect(replyDraft(7)).toBe('Olá, Sra. Costa');
    act(() => forgetDrafts());
    expect(replyDraft(7)).toBeUndefined();
  });
});

describe('admin pages by role', () => {
  it('offers an admin every page, and the others only theirs', async () => {
    open('/admin', 'admin');
    expect(await navLinks()).toEqual([
      'Dashboard',
      'Analytics',
      'Site texts',
      'Media',
      'Users',
      'Settings',
      'Audit log',
      'Account',
    ]);
  });

  it('shows an editor the analytics, site texts and media, and no users, settings or audit log', async () => {
    open('/admin', 'editor');
    expect(await navLinks()).toEqual(['Dashboard', 'Analytics', 'Site texts', 'Media', 'Account']);
  });

  it('shows sales the dashboard and their account only', async () => {
    open('/admin', 'sales');
    expect(await navLinks()).toEqual(['Dashboard', 'Account']);
  });

  it('tells a role that a page is not theirs instead of showing controls the server refuses', async () => {
    const calls = open('/admin/settings', 'editor');
    expect(await screen.findByRole('heading', { name: 'Not available to your role' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(calls).not.toContain('GET /api/settings');
  });

  it('keeps the analytics from sales: the page says so and asks the server nothing', async () => {
    const calls = open('/admin/analytics', 'sales');
    expect(await screen.findByRole('heading', { name: 'Not available to your role' })).toBeTruthy();
    expect(calls.filter((c) => c.includes('/api/analytics'))).toEqual([]);
  });

  it('shows the settings to an admin, each with its meaning and default', async () => {
    open('/admin/settings', 'admin');
    // The page (settings and the webhook's calls) may take over a second on a busy machine.
    const box = await screen.findByRole(
      'checkbox',
      { name: 'Require two-factor sign-in for everyone' },
      { timeout: 3000 },
    );
    expect((box as HTMLInputElement).checked).toBe(false);
    const field = screen.getByTestId('setting-require_two_factor');
    expect(within(field).getByText('Default: Off')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', true);
  });

  it('answers an unknown admin address with a not-found state, not the dashboard', async () => {
    open('/admin/no-such-page', 'admin');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('dashboard')).toBeNull();
  });

  it('takes an account that owes the required second factor to its setup, and nowhere else', async () => {
    open('/admin/settings', 'admin', true);
    expect(
      await screen.findByText('Set up two-factor sign-in to continue', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(await navLinks()).toEqual(['Account']);
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeTruthy();
  });
});
