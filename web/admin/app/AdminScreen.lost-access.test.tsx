// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/languages';
import type { Role } from '#shared/roles';
import type { SiteText } from '#shared/site-texts';
import { i18nFor } from '../../common/i18n';
import { json, stubModelApi } from '../test/llm-api';
import { quietToasts } from '../test/quiet-toasts';
import { adminRoutes, App } from './App';

quietToasts();

const TEXTS: SiteText[] = [
  {
    key: 'home.hero.title',
    defaults: { en: 'Intelligent machines', pt: 'Máquinas inteligentes', de: 'Maschinen' },
    values: {},
    versions: {},
  },
];
const TYPED = 'Robots that pay for themselves';

/**
 * The server of a colleague whose role is `account.role` at each call: an
 * editor uses the site texts; made `user` (no admin access), every admin
 * call is refused and the profile says so.
 */
function stubServer(account: { role: Role }) {
  return stubModelApi(({ url }) => {
    const path = url.split('?')[0]!;
    if (path === '/api/auth/profile')
      return json(200, {
        data: {
          user: { username: 'colleague', is_admin: account.role !== 'user', role: account.role },
          two_factor_enabled: true,
          two_factor_setup_required: false,
        },
      });
    if (account.role === 'user')
      return json(403, { error: 'Access denied. Admin privileges required.' });
    if (path === '/api/site/texts') return json(200, { data: { texts: TEXTS } });
    if (path === '/api/site/preview') return json(200, { data: { html: '<p>page</p>' } });
    return json(200, { data: [] });
  });
}

function open(language: Language = 'en') {
  const router = createMemoryRouter(adminRoutes, { initialEntries: ['/admin/texts'] });
  render(<App i18n={i18nFor(language)} router={router} />);
  return { where: () => router.state.location.pathname };
}

const textField = () =>
  waitFor(
    () => {
      const found = document.getElementById('text-home-hero-title-en');
      if (!found) throw new Error('no site texts yet');
      return found as HTMLTextAreaElement;
    },
    { timeout: 3000 },
  );

describe('a colleague whose account loses admin access while editing', () => {
  it('keeps the typed text on screen, read-only, to copy, until the admin is left', async () => {
    const account: { role: Role } = { role: 'editor' };
    stubServer(account);
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { where } = open();
    const field = await textField();
    fireEvent.change(field, { target: { value: TYPED } });

    // Made a plain user meanwhile: the save is refused, and the profile says "no admin".
    account.role = 'user';
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const notice = await screen.findByRole('region', { name: 'Your role has changed' });
    expect(notice.textContent).toContain('your account no longer has access to the admin');
    expect(where()).toBe('/admin/texts');
    // The same field, still holding the text, on a page that can no longer be used.
    expect(document.getElementById('text-home-hero-title-en')).toBe(field);
    expect(field.value).toBe(TYPED);
    expect(field.closest('[inert]')).toBeTruthy();

    fireEvent.click(within(notice).getByRole('button', { name: 'Copy the unsaved changes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]![0]).toBe(`home.hero.title (en):\n${TYPED}`);

    // Leaving asks first, as any move away from unsaved work does; then the login page says why.
    fireEvent.click(within(notice).getByRole('link', { name: 'Leave the admin' }));
    const question = await screen.findByRole('alertdialog');
    fireEvent.click(within(question).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(where()).toBe('/login'));
    const said = await screen.findByText('Your account no longer has access to the admin.');
    expect(said.getAttribute('role')).toBe('status');
  });

  it.each([
    ['en', 'Your account no longer has access to the admin.'],
    ['pt', 'A sua conta já não tem acesso à administração.'],
    ['de', 'Ihr Konto hat keinen Zugang mehr zur Verwaltung.'],
  ] as const)(
    'without unsaved work, goes to the login page, which says why (%s)',
    async (language, said) => {
      const account: { role: Role } = { role: 'editor' };
      stubServer(account);
      const { where } = open(language);
      await textField();
      account.role = 'user';
      // The next page reads the profile again (as any refused call does).
      fireEvent.click(document.querySelector('header a[href="/admin/account"]')!);
      await waitFor(() => expect(where()).toBe('/login'), { timeout: 3000 });
      expect((await screen.findByText(said)).getAttribute('role')).toBe('status');
    },
  );
});
