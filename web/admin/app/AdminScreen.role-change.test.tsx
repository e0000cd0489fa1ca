// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '#shared/roles';
import { DEFAULT_SETTINGS } from '#shared/settings';
import type { SiteText } from '#shared/site-texts';
import { toast } from '../../common/toast';
import { authKeys } from '../features/auth/api/auth.queries';
import { json, stubModelApi } from '../test/llm-api';
import { quietToasts } from '../test/quiet-toasts';
import { renderAdmin } from '../test/render';
import { SettingsPage } from './SettingsPage';
import { SiteTextsPage } from './SiteTextsPage';

quietToasts();

const TEXTS: SiteText[] = [
  {
    key: 'home.hero.title',
    defaults: { en: 'Intelligent machines', pt: 'Máquinas inteligentes', de: 'Maschinen' },
    values: {},
    versions: {},
  },
];

const forbidden = () => json(403, { error: 'Access denied. Admin privileges required.' });

/**
 * The API as the server answers a colleague whose role is `account.role`
 * at the time of each call: the site texts for content staff, the settings
 * for admins, everything else refused (403).
 */
function stubServer(account: { role: Role }) {
  return stubModelApi(({ url }) => {
    const path = url.split('?')[0]!;
    if (path === '/api/auth/profile')
      return json(200, {
        data: {
          user: { username: 'colleague', is_admin: true, role: account.role },
          two_factor_enabled: true,
          two_factor_setup_required: false,
        },
      });
    if (path === '/api/site/texts')
      return account.role === 'sales' ? forbidden() : json(200, { data: { texts: TEXTS } });
    if (path === '/api/site/preview') return json(200, { data: { html: '<p>page</p>' } });
    if (path === '/api/settings')
      return account.role === 'admin' ? json(200, { data: DEFAULT_SETTINGS }) : forbidden();
    if (path === '/api/webhooks/deliveries')
      return account.role === 'admin' ? json(200, { data: [] }) : forbidden();
    return undefined;
  });
}

function openAt(path: string) {
  return renderAdmin(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/texts" element={<SiteTextsPage />} />
        <Route path="/admin/settings" element={<SettingsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The clipboard, recording what is copied. */
function watchClipboard() {
  const writeText = vi.fn(async (_text: string) => undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  return writeText;
}

const notice = () => screen.findByRole('region', { name: 'Your role has changed' });

describe('a stand-alone admin page whose role changes under unsaved work', () => {
  it('keeps the typed site text on screen, read-only, with a notice offering to copy it', async () => {
    const account: { role: Role } = { role: 'editor' };
    const calls = stubServer(account);
    const writeText = watchClipboard();
    openAt('/admin/texts');
    await screen.findByRole('heading', { name: 'Home: hero' }, { timeout: 3000 });
    const field = document.getElementById('text-home-hero-title-en') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Robots that pay for themselves' } });

    // Made sales on the server meanwhile: the save is refused, the profile read again.
    account.role = 'sales';
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const kept = await notice();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/site/texts']);
    expect(screen.queryByRole('heading', { name: 'Not available to your role' })).toBeNull();
    // The same field, still holding the text, on a page that can no longer be used.
    expect(document.getElementById('text-home-hero-title-en')).toBe(field);
    expect(field.value).toBe('Robots that pay for themselves');
    expect(field.closest('[inert]')).toBeTruthy();
    expect(kept.closest('[inert]')).toBeNull();
    expect(document.activeElement).toBe(kept);

    fireEvent.click(within(kept).getByRole('button', { name: 'Copy the unsaved changes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]![0]).toBe(
      'home.hero.title (en):\nRobots that pay for themselves',
    );
    expect(toast.success).toHaveBeenCalledWith('Copied to the clipboard');
    expect(within(kept).getByRole('link', { name: 'Back to the dashboard' })).toBeTruthy();
  });

  it('keeps the changed settings the same way, and says them by name', async () => {
    const account: { role: Role } = { role: 'admin' };
    stubServer(account);
    const writeText = watchClipboard();
    openAt('/admin/settings');
    const box = (await screen.findByRole(
      'checkbox',
      { name: 'Require two-factor sign-in for everyone' },
      { timeout: 3000 },
    )) as HTMLInputElement;
    fireEvent.click(box);

    account.role = 'editor';
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const kept = await notice();
    expect(box.checked).toBe(true);
    expect(box.closest('[inert]')).toBeTruthy();
    fireEvent.click(within(kept).getByRole('button', { name: 'Copy the unsaved changes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]![0]).toBe(
      'Require two-factor sign-in for everyone (require_two_factor): true',
    );
  });

  it('without unsaved work, says the page is not for the role, as before', async () => {
    const account: { role: Role } = { role: 'editor' };
    stubServer(account);
    const { queryClient } = openAt('/admin/texts');
    await screen.findByRole('heading', { name: 'Home: hero' }, { timeout: 3000 });
    // Nothing typed: the profile read again (as after any refused call), the page goes.
    account.role = 'sales';
    await queryClient.invalidateQueries({ queryKey: authKeys.profile });
    expect(
      await screen.findByRole('heading', { name: 'Not available to your role' }, { timeout: 3000 }),
    ).toBeTruthy();
  });
});
