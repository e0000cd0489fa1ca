// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_CLOSED } from '#shared/auth';
import { DEFAULT_SETTINGS } from '#shared/settings';
import { i18nFor } from '../../common/i18n';
import { draftsOf, forgetDrafts, replyDraft } from '../features/contacts/lib/drafts';
import { kept, noteKey, replyKey } from '../features/contacts/test/kept-drafts';
import { json, stubModelApi } from '../test/llm-api';
import { quietToasts } from '../test/quiet-toasts';
import { adminRoutes, App } from './App';

quietToasts();
afterEach(() => {
  forgetDrafts();
  // Nobody's: the next test's dashboard takes ana's texts up from the machine again.
  draftsOf('nobody');
  window.localStorage.clear();
});

const stored = (text: string) => JSON.stringify({ text, saved: Date.now() });

/** ana's server, whose session `server.refusal` (once set) refuses every call. */
function stubServer() {
  const server = { refusal: null as Record<string, string> | null };
  stubModelApi(({ url }) => {
    const path = url.split('?')[0]!;
    if (server.refusal) return json(401, server.refusal);
    if (path === '/api/auth/profile')
      return json(200, {
        data: {
          user: { username: 'ana', name: null, is_admin: true, role: 'admin' },
          two_factor_enabled: true,
          two_factor_setup_required: false,
        },
      });
    if (path === '/api/settings') return json(200, { data: DEFAULT_SETTINGS });
    return json(200, { data: [] });
  });
  return server;
}

/** ana's dashboard with a reply and a note she has not sent yet, kept on the machine. */
async function openWithDrafts() {
  window.localStorage.setItem(replyKey(7), stored('Guten Tag, Frau Weber, anbei das Angebot'));
  window.localStorage.setItem(noteKey(7), stored('Frau Weber: +49 170 0000000'));
  const server = stubServer();
  const router = createMemoryRouter(adminRoutes, { initialEntries: ['/admin/settings'] });
  render(<App i18n={i18nFor('en')} router={router} />);
  await waitFor(() => expect(replyDraft(7)).toBe('Guten Tag, Frau Weber, anbei das Angebot'));
  await screen.findByRole('checkbox', { name: 'Require two-factor sign-in for everyone' });
  return { server, where: () => router.state.location.pathname };
}

/** A move to another page: its profile call is the next one the server answers. */
const nextPage = () => fireEvent.click(document.querySelector('header a[href="/admin/account"]')!);

describe('an account deactivated or deleted while its dashboard is open', () => {
  it('forgets the unsent replies and notes kept on the machine', async () => {
    const { server, where } = await openWithDrafts();
    server.refusal = { error: 'Authentication required', code: ACCOUNT_CLOSED };
    nextPage();
    await waitFor(() => expect(where()).toBe('/login'));
    expect(kept()).toEqual([]);
    expect(replyDraft(7)).toBeUndefined();
  });

  it('keeps them when the session ended for another reason, to be found after signing in again', async () => {
    const { server, where } = await openWithDrafts();
    server.refusal = { error: 'Authentication required' };
    nextPage();
    await waitFor(() => expect(where()).toBe('/login'));
    expect(kept()).toEqual([noteKey(7), replyKey(7)].sort());
  });
});
