// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nFor } from '../../../../common/i18n';
import { toast } from '../../../../common/toast';
import { adminRoutes, App } from '../../../app/App';
import { json, stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { forgetDrafts, noteDraft, replyDraft } from '../../contacts/lib/drafts';
import { kept, noteKey, replyKey } from '../../contacts/test/kept-drafts';

quietToasts();
afterEach(() => {
  forgetDrafts();
  window.localStorage.clear();
});

const SILVA = '["","ana.silva"]';
const stored = (text: string) => JSON.stringify({ text, saved: Date.now() });

/** The server of a signed-in `ana`, whose account page saves a new username. */
function stubServer() {
  const account = { username: 'ana' };
  const profile = () => ({
    user: { username: account.username, name: null, is_admin: true, role: 'sales' },
    two_factor_enabled: true,
    two_factor_setup_required: false,
    email: null,
    pending_email: null,
  });
  stubModelApi(({ method, url, body }) => {
    const path = url.split('?')[0]!;
    if (path === '/api/auth/profile' && method === 'PUT') {
      account.username = String(body?.username);
      return json(200, { data: { user: profile().user } });
    }
    if (path === '/api/auth/profile') return json(200, { data: profile() });
    if (path === '/api/auth/2fa')
      return json(200, {
        data: { enabled: true, recovery_codes_left: 8, move_pending: false },
      });
    return json(200, { data: [] });
  });
}

describe('a username changed on the account page', () => {
  it('keeps the unsent replies and notes of the account, under its new name', async () => {
    window.localStorage.setItem(replyKey(7), stored('Guten Tag, Frau Weber'));
    window.localStorage.setItem(noteKey(7), stored('Called her back, wants a quote'));
    stubServer();
    const router = createMemoryRouter(adminRoutes, { initialEntries: ['/admin/account'] });
    render(<App i18n={i18nFor('en')} router={router} />);

    const username = (await screen.findByLabelText('Username')) as HTMLInputElement;
    await waitFor(() => expect(replyDraft(7)).toBe('Guten Tag, Frau Weber'));
    fireEvent.change(username, { target: { value: 'ana.silva' } });
    fireEvent.change(document.getElementById('account-current-password')!, {
      target: { value: 'correct horse' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Account updated', undefined));
    // The header greets the new name: the dashboard has followed the profile.
    await waitFor(() =>
      expect(document.querySelector('header')!.textContent).toContain('ana.silva'),
    );

    expect(replyDraft(7)).toBe('Guten Tag, Frau Weber');
    expect(noteDraft(7)).toBe('Called her back, wants a quote');
    expect(kept()).toEqual([noteKey(7, SILVA), replyKey(7, SILVA)].sort());
  });
});
