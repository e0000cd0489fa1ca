// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryStatus } from '#shared/contact';
import { renderWithClient, stubApi } from '../../../test/query';
import { contactKeys } from './contacts.queries';
import { useContactDetail } from './thread.queries';

afterEach(() => vi.unstubAllGlobals());

const enquiry = (status: DeliveryStatus) => ({
  id: 7,
  thread: [
    { kind: 'enquiry', at: '2026-11-27T08:00:00.000Z', by: null, by_name: null, text: 'Hallo' },
    { kind: 'reply', at: '2026-11-27T09:00:00.000Z', by: 'sam', by_name: null, text: 'Ja', status },
  ],
});

describe('an open thread whose reply the mail server refuses', () => {
  it('asks for the lists and figures again, which now say the enquiry waits for a reply', async () => {
    const client = new QueryClient();
    const inbox = contactKeys.list({});
    client.setQueryData(inbox, []);
    client.setQueryData(contactKeys.stats, {});
    let status: DeliveryStatus = 'pending';
    stubApi(() => enquiry(status));
    const { result } = renderWithClient(() => useContactDetail(7), client);
    await waitFor(() => expect(result.current.data?.thread[1]?.status).toBe('pending'));
    expect(client.getQueryState(inbox)?.isInvalidated).toBe(false);

    // The next look (every few seconds while a reply is on its way) finds it refused.
    status = 'failed';
    await client.refetchQueries({ queryKey: [...contactKeys.details, 7] });
    await waitFor(() => expect(client.getQueryState(inbox)?.isInvalidated).toBe(true));
    expect(client.getQueryState(contactKeys.stats)?.isInvalidated).toBe(true);
  });

  it('leaves them be when the reply went out', async () => {
    const client = new QueryClient();
    const inbox = contactKeys.list({});
    client.setQueryData(inbox, []);
    let status: DeliveryStatus = 'pending';
    stubApi(() => enquiry(status));
    const { result } = renderWithClient(() => useContactDetail(7), client);
    await waitFor(() => expect(result.current.data).toBeDefined());
    status = 'sent';
    await client.refetchQueries({ queryKey: [...contactKeys.details, 7] });
    await waitFor(() => expect(result.current.data?.thread[1]?.status).toBe('sent'));
    expect(client.getQueryState(inbox)?.isInvalidated).toBe(false);
  });
});
