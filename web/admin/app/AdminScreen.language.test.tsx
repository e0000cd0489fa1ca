// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
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

function openAccountPage({ failSave = false } = {}) {
  let language: string | null = null;
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
  );
  return calls;
}

const switcher = async () =>
  within(await screen.findByRole('banner')).getByRole('combobox', { name: 'Language' });
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
