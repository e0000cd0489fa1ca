// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { hasUnsavedWork, useUnsavedWork } from '../../../hooks/useLeaveGuard';
import { leavingIsQuestioned } from '../../../test/leave';
import { stubApi } from '../../../test/query';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { InviteForm } from './InviteForm';

quietToasts();

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
    expect(copy()).toBe('E-mail address: new.colleague@example.com\nRole: Sales');

    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(calls).toContain('POST /api/users/invitations');
    expect(hasUnsavedWork()).toBe(false);
    expect(leavingIsQuestioned()).toBe(false);
  });
});
