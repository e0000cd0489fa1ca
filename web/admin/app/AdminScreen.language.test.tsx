// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '#shared/languages';
import { toast } from '../../common/toast';
import { json, stubModelApi } from '../test/llm-api';
import { quietToasts } from '../test/quiet-toasts';
import { renderAdmin } from '../test/render';
import { AccountPage } from './AccountPage';

/**
 * Signed in, the language chosen in the header is the account's too: the
 * site's e-mails to the colleague come in it, and their next sign-in
 * elsewhere opens in it. The account page shows the choice.
 */
quietToasts();
afterEach(() => {
  window.localStorage.clear();
  document.documentElement.lang = '';
});

/** `account`: the account's language; `shown`: the one the page starts in (the browser's). */
function openAccountPage({
  failSave = false,
  account = null,
  shown = 'en',
}: { failSave?: boolean; account?: Language | null; shown?: Language } = {}) {
  let language: string | null = account;
  const user = () => ({ username: 'joana', name: null, language, is_admin: true, role: 'sales' });
  const calls = stubModelApi(({ method, url, body }) => {
    if (url === '/api/auth/profile' && method === 'GET')
      return json(200, {
        data: {
          user: user(),
          two_factor_enabled: false,
          two_factor_setup_required: false,
          email: null,
          pending_email: null,
        },
      });
    if (url === '/api/auth/profile' && method === 'PUT') {
      if (failSave) return json(500, { error: 'Internal server error' });
      language = (body?.language as string | null) ?? null;
      return json(200, { data: { user: user() } });
    }
    if (url === '/api/auth/sessions') return json(200, { data: [] });
    if (url === '/api/auth/2fa')
      return json(200, { data: { enabled: false, recovery_codes_left: 0, move_pending: false } });
    return undefined;
  });
  renderAdmin(
    <MemoryRouter initialEntries={['/admin/account']}>
      <Routes>
        <Route path="/admin/account" element={<AccountPage />} />
      </Routes>
    </MemoryRouter>,
    { language: shown },
  );
  return calls;
}

const switcher = async (name = 'Language') =>
  within(await screen.findByRole('banner')).getByRole('combobox', { name });
const saves = (calls: ReturnType<typeof openAccountPage>) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('the header’s language switcher, signed in', () => {
  it('saves the language chosen as the account’s, and the account page shows it', async () => {
    const calls = openAccountPage();
    const chooser = await switcher();
    const before = screen.getByLabelText('Your language');
    expect((before as HTMLSelectElement).value).toBe('');

    fireEvent.change(chooser, { target: { value: 'pt' } });
    await waitFor(() => expect(saves(calls)).toEqual([{ language: 'pt' }]));
    const card = (await screen.findByLabelText('O seu idioma')) as HTMLSelectElement;
    await waitFor(() => expect(card.value).toBe('pt'));
    expect(window.localStorage.getItem('language')).toBe('pt');
  });

  it('switches all the same when the account cannot be told, and says so', async () => {
    const calls = openAccountPage({ failSave: true });
    fireEvent.change(await switcher(), { target: { value: 'de' } });
    await waitFor(() => expect(saves(calls)).toEqual([{ language: 'de' }]));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(document.documentElement.lang).toBe('de');
  });
});

describe('a reload of a signed-in admin', () => {
  it('opens in the account’s language, not the one a public page left in the browser', async () => {
    // "View on site" on the Portuguese tab made Portuguese the browser's choice.
    window.localStorage.setItem('language', 'pt');
    const calls = openAccountPage({ account: 'de', shown: 'pt' });
    expect(await switcher('Sprache')).toHaveProperty('value', 'de');
    expect(screen.getByLabelText('Ihre Sprache')).toHaveProperty('value', 'de');
    expect(screen.queryByText('O seu idioma')).toBeNull();
    expect(window.localStorage.getItem('language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(saves(calls)).toEqual([]);
  });

  it('keeps a language switched to since, even one the account could not be told', async () => {
    const calls = openAccountPage({ account: 'de', shown: 'pt', failSave: true });
    fireEvent.change(await switcher('Sprache'), { target: { value: 'en' } });
    await waitFor(() => expect(saves(calls)).toEqual([{ language: 'en' }]));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(await switcher('Language')).toHaveProperty('value', 'en');
    expect(document.documentElement.lang).toBe('en');
  });
});
