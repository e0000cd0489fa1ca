// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invitation } from '#shared/users';
import { stubApi } from '../../../test/query';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { InvitationList } from './InvitationList';

quietToasts();
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const invitation: Invitation = {
  id: 7,
  email: 'joana@example.pt',
  role: 'sales',
  language: 'pt',
  invited_by: 'boss',
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-04T00:00:00.000Z',
  expired: false,
};

describe('InvitationList', () => {
  it('names the language each invitation was sent in', () => {
    const expected = {
      en: 'Sales · e-mail in Português',
      pt: 'Vendas · e-mail em Português',
      de: 'Vertrieb · E-Mail auf Português',
    };
    for (const language of ['en', 'pt', 'de'] as const) {
      renderAdmin(<InvitationList invitations={[invitation]} onSent={() => undefined} />, {
        language,
      });
      const [item] = within(screen.getByTestId('invitations')).getAllByRole('listitem');
      expect(item!.textContent).toContain(expected[language]);
      cleanup();
    }
  });

  it('sends it again asking for nothing but the invitation: its language is the server’s', async () => {
    const calls = stubApi(() => ({ ...invitation, invitation_url: 'http://x/login/invitation' }));
    const onSent = vi.fn();
    renderAdmin(<InvitationList invitations={[invitation]} onSent={onSent} />, { language: 'de' });
    fireEvent.click(screen.getByRole('button', { name: /Erneut senden/ }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(calls).toEqual(['POST /api/users/invitations/7/resend']);
    expect(vi.mocked(fetch).mock.calls[0]![1]?.body).toBeUndefined();
  });
});
