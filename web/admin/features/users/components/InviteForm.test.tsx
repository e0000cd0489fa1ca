// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedWork, useUnsavedWork } from '../../../hooks/useLeaveGuard';
import { leavingIsQuestioned } from '../../../test/leave';
import { stubApi } from '../../../test/query';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { InviteForm } from './InviteForm';

quietToasts();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SENT = {
  id: 5,
  email: 'new.colleague@example.com',
  role: 'sales',
  language: 'de',
  invited_by: 'boss',
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-04T00:00:00.000Z',
  expired: false,
};

/** The bodies of the invitations posted. */
const posted = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => url === '/api/users/invitations' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

/** The text AdminScreen's copy button would give, as it changes. */
let copy: () => string = () => '';
function Work() {
  copy = useUnsavedWork().text;
  return null;
}

describe('InviteForm', () => {
  it('holds an address typed and not sent as unsaved work, until it is sent', async () => {
    const calls = stubApi((method, url) =>
      method === 'POST' && url === '/api/users/invitations'
        ? {
            id: 5,
            email: 'new.colleague@example.com',
            role: 'sales',
            invited_by: 'boss',
            created_at: '2026-01-01T00:00:00.000Z',
            expires_at: '2026-01-04T00:00:00.000Z',
            expired: false,
          }
        : [],
    );
    const onSent = vi.fn();
    renderAdmin(
      <>
        <InviteForm onSent={onSent} />
        <Work />
      </>,
    );
    expect(hasUnsavedWork()).toBe(false);
    expect(leavingIsQuestioned()).toBe(false);

    fireEvent.change(screen.getByLabelText('E-mail address'), {
      target: { value: 'new.colleague@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'sales' } });
    expect(hasUnsavedWork()).toBe(true);
    expect(leavingIsQuestioned()).toBe(true);
    // What a colleague whose role changes meanwhile can copy (AdminScreen).
    expect(copy()).toBe(
      'E-mail address: new.colleague@example.com\nRole: Sales\nInvitation language: English',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(calls).toContain('POST /api/users/invitations');
    expect(hasUnsavedWork()).toBe(false);
    expect(leavingIsQuestioned()).toBe(false);
  });

  it('is in the admin’s language unless another is chosen, and sends the one chosen', async () => {
    stubApi((method) => (method === 'POST' ? SENT : []));
    const onSent = vi.fn();
    renderAdmin(<InviteForm onSent={onSent} />, { language: 'pt' });
    const language = screen.getByLabelText('Idioma do convite') as HTMLSelectElement;
    expect(language.value).toBe('pt');
    expect([...language.options].map((o) => o.textContent)).toEqual([
      'English',
      'Português',
      'Deutsch',
    ]);
    expect(
      screen.getByText('O e-mail e a página aberta pela ligação ficam neste idioma.'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Endereço de e-mail'), {
      target: { value: 'new.colleague@example.com' },
    });
    fireEvent.change(language, { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(posted()).toEqual([
      { email: 'new.colleague@example.com', role: 'editor', language: 'de' },
    ]);
  });
});
