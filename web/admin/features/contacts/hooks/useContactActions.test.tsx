// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '#shared/contact';
import type { MailStatus } from '#shared/mail-status';
import { toast } from '../../../../common/toast';
import { renderWithClient, stubApi } from '../../../test/query';
import { mailKeys } from '../api/mail.queries';
import { useContactActions } from './useContactActions';

vi.mock('../../../../common/toast', () => ({
  toast: { success: vi.fn(), failure: vi.fn() },
}));

const spam: Contact = {
  id: 4,
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: null,
  message: 'Precisamos de duas células de soldadura.',
  language: 'pt',
  read: false,
  replied_at: null,
  spam: true,
  spam_reasons: ['fast', 'links'],
  created_at: '2026-11-22T10:00:00.000Z',
  source_path: null,
  source_title: null,
  due_at: '2026-11-23T10:00:00.000Z',
  assignee: null,
};

const mail = (over: Partial<MailStatus>): MailStatus => ({
  enabled: true,
  auto_reply: true,
  notify: 1,
  alert_recipients: { en: 1, pt: 1, de: 1 },
  pending: 0,
  failed: 0,
  cancelled: 0,
  cancel_reasons: { 'recipient-deleted': 0, 'recipient-deactivated': 0, 'recipient-role': 0 },
  last_failure: null,
  last_delivery_at: null,
  failing: false,
  ...over,
});

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient();
});
afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

/** Moves the enquiry out of spam with this mail status cached; the toast's words. */
async function notSpamToast(status: MailStatus | null) {
  if (status) client.setQueryData(mailKeys.status, status);
  stubApi((method, path) =>
    path === '/api/mail/status' ? status : method === 'PUT' ? { ...spam, spam: false } : [],
  );
  const { result } = renderWithClient(useContactActions, client);
  result.current.toggleSpam(spam);
  await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
  return vi.mocked(toast.success).mock.calls[0];
}

describe('Not spam says the staff alert is on its way only when one is', () => {
  it('with e-mail on and a staff address', async () => {
    expect(await notSpamToast(mail({}))).toEqual([
      'Moved back to the inbox',
      'The staff alert is on its way.',
    ]);
  });

  it('not with e-mail off', async () => {
    expect(await notSpamToast(mail({ enabled: false }))).toEqual([
      'Moved back to the inbox',
      undefined,
    ]);
  });

  it('not without a staff address', async () => {
    expect(
      await notSpamToast(mail({ notify: 0, alert_recipients: { en: 0, pt: 0, de: 0 } })),
    ).toEqual(['Moved back to the inbox', undefined]);
  });

  it('with the alert list of the enquiry’s language only (no NOTIFY_EMAIL)', async () => {
    expect(
      await notSpamToast(mail({ notify: 0, alert_recipients: { en: 0, pt: 1, de: 0 } })),
    ).toEqual(['Moved back to the inbox', 'The staff alert is on its way.']);
  });

  it('not when only other languages have a list', async () => {
    expect(
      await notSpamToast(mail({ notify: 0, alert_recipients: { en: 2, pt: 0, de: 1 } })),
    ).toEqual(['Moved back to the inbox', undefined]);
  });

  it('marking as spam says where it went', async () => {
    stubApi(() => ({ ...spam }));
    const { result } = renderWithClient(useContactActions, client);
    result.current.toggleSpam({ ...spam, spam: false });
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(vi.mocked(toast.success).mock.calls[0]).toEqual(['Moved to the spam folder']);
  });
});
