// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newsKeys } from '../../news/api/news.queries';
import { renderWithClient, stubApi } from '../../../test/query';
import {
  CONTACT_STATS_REFRESH_MS,
  contactKeys,
  getContacts,
  useContactStatsQuery,
  useDeleteContact,
  useExportContacts,
  useSetContactRead,
  useSetContactReplied,
  useSetContactSpam,
} from './contacts.queries';
import { mailKeys } from './mail.queries';

let client: QueryClient;
const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
const inbox = contactKeys.list({});
const inboxUnrepliedFirst = contactKeys.list({ sort: 'unreplied', page: 2 });
const spam = contactKeys.list({ spam: true, q: 'offer' });
const opened = [...contactKeys.details, 2] as const;
const otherOpened = [...contactKeys.details, 5] as const;
const contactQueries = [inbox, inboxUnrepliedFirst, spam, contactKeys.stats, otherOpened];

beforeEach(() => {
  client = new QueryClient();
  for (const key of [
    newsKeys.adminList,
    newsKeys.categories,
    ...contactQueries,
    opened,
    mailKeys.status,
  ])
    client.setQueryData(key, []);
});
afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
});

describe('the contact lists ask the API for a page of their folder', () => {
  it('asks for a page with its filters, search and order, and reads the total from the header', async () => {
    const calls = stubApi(() => [{ id: 1 }]);
    await getContacts({});
    await getContacts({ sort: 'unreplied', read: false, reply: 'late', page: 3 });
    const found = await getContacts({ spam: true, q: 'João Silva' });
    expect(calls).toEqual([
      'GET /api/contacts?per_page=20&page=1',
      'GET /api/contacts?per_page=20&sort=unreplied&read=false&reply=late&page=3',
      'GET /api/contacts?per_page=20&spam=true&q=Jo%C3%A3o+Silva&page=1',
    ]);
    // The stub sends no X-Total-Count: the items' number stands in.
    expect(found).toEqual({ items: [{ id: 1 }], total: 1 });
  });
});

describe('contact writes refetch every list and the totals, not the news', () => {
  const expectContactsInvalidated = () => {
    for (const key of contactQueries) expect(invalidated(key)).toBe(true);
    expect(invalidated(newsKeys.adminList)).toBe(false);
    expect(invalidated(newsKeys.categories)).toBe(false);
  };

  it('marking as read sends {read}; the mail status stays', async () => {
    const calls = stubApi(() => ({ id: 2, read: true }));
    const { result } = renderWithClient(useSetContactRead, client);
    await result.current.mutateAsync({ id: 2, read: true });
    expect(calls).toEqual(['PUT /api/contacts/2/read']);
    expect(vi.mocked(fetch).mock.calls[0]![1]?.body).toBe('{"read":true}');
    expectContactsInvalidated();
    expect(invalidated(mailKeys.status)).toBe(false);
  });

  it('marking replied and back sends {replied}', async () => {
    const calls = stubApi(() => ({ id: 2 }));
    const { result } = renderWithClient(useSetContactReplied, client);
    await result.current.mutateAsync({ id: 2, replied: false });
    expect(calls).toEqual(['PUT /api/contacts/2/replied']);
    expect(vi.mocked(fetch).mock.calls[0]![1]?.body).toBe('{"replied":false}');
    expectContactsInvalidated();
    expect(invalidated(mailKeys.status)).toBe(false);
  });

  it('moving in or out of spam sends {spam} and refetches the mail status (mail is queued or dropped)', async () => {
    const calls = stubApi(() => ({ id: 2 }));
    const { result } = renderWithClient(useSetContactSpam, client);
    await result.current.mutateAsync({ id: 2, spam: false });
    expect(calls).toEqual(['PUT /api/contacts/2/spam']);
    expect(vi.mocked(fetch).mock.calls[0]![1]?.body).toBe('{"spam":false}');
    expectContactsInvalidated();
    expect(invalidated(mailKeys.status)).toBe(true);
  });

  it('deleting does the same, but for the deleted enquiry itself', async () => {
    const calls = stubApi(() => ({ id: 2 }));
    const { result } = renderWithClient(useDeleteContact, client);
    await result.current.mutateAsync(2);
    expect(calls).toEqual(['DELETE /api/contacts/2']);
    expectContactsInvalidated();
    expect(invalidated(mailKeys.status)).toBe(true);
    // The deleted enquiry opened on its own is not asked for again (it would answer 404).
    expect(invalidated(opened)).toBe(false);
  });

  it('exporting changes nothing', async () => {
    const calls = stubApi(() => 'ignored');
    const { result } = renderWithClient(useExportContacts, client);
    await result.current.mutateAsync({ query: { spam: true, q: 'casino', page: 2 } });
    await result.current.mutateAsync({ query: { reply: 'late' }, separator: 'semicolon' });
    expect(calls).toEqual([
      'GET /api/contacts/export?spam=true&q=casino',
      'GET /api/contacts/export?spam=false&reply=late&separator=semicolon',
    ]);
    for (const key of contactQueries) expect(invalidated(key)).toBe(false);
  });
});

describe('the enquiry figures keep up while the admin is open', () => {
  const figures = (total: number, unread: number, newest_id = total) => ({
    total,
    unread,
    unreplied: unread,
    overdue: 0,
    due_soon: 0,
    spam: 0,
    newest_id,
    last_7_days: total,
    per_day: [],
  });

  it('asks for them every minute, and loads a list again when they changed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      client = new QueryClient();
      let stats = figures(3, 1);
      const calls = stubApi((_method, url) => (url.includes('/stats') ? stats : []));
      const { result } = renderWithClient(() => useContactStatsQuery({ enabled: true }), client);
      await waitFor(() => expect(result.current.data?.total).toBe(3));
      // A list shown before the figures change.
      client.setQueryData(inbox, { items: [], total: 3 });

      // A minute with nothing new: the figures are asked again, the list is left alone.
      await vi.advanceTimersByTimeAsync(CONTACT_STATS_REFRESH_MS);
      await waitFor(() => expect(calls.filter((c) => c.includes('/stats'))).toHaveLength(2));
      expect(invalidated(inbox)).toBe(false);

      // An enquiry arrives: the next minute's figures say so, and the list is loaded again.
      stats = figures(4, 2);
      await vi.advanceTimersByTimeAsync(CONTACT_STATS_REFRESH_MS);
      await waitFor(() => expect(result.current.data?.total).toBe(4));
      await waitFor(() => expect(invalidated(inbox)).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads a list again when an enquiry arrived as another went, all counts alike', async () => {
    client = new QueryClient();
    let stats = figures(3, 1, 7);
    stubApi((_method, url) => (url.includes('/stats') ? stats : []));
    const { result } = renderWithClient(() => useContactStatsQuery({ enabled: true }), client);
    await waitFor(() => expect(result.current.data?.newest_id).toBe(7));
    // Loaded a second before the figures are asked again (not in the same millisecond).
    client.setQueryData(inbox, { items: [], total: 3 }, { updatedAt: Date.now() - 1000 });
    // A colleague deleted an unread, unanswered enquiry; in the same minute number 8 came.
    stats = figures(3, 1, 8);
    await client.refetchQueries({ queryKey: contactKeys.stats });
    await waitFor(() => expect(result.current.data?.newest_id).toBe(8));
    await waitFor(() => expect(invalidated(inbox)).toBe(true));
  });

  it('leaves a list loaded after the figures were asked (the user’s own change) as it is', async () => {
    client = new QueryClient();
    let stats = figures(3, 1);
    let changed = false;
    stubApi((_method, url) => {
      if (!url.includes('/stats')) return [];
      // The list the change loaded comes in after the figures were asked for.
      if (changed) client.setQueryData(inbox, { items: [], total: 3 });
      return stats;
    });
    const { result } = renderWithClient(() => useContactStatsQuery({ enabled: true }), client);
    await waitFor(() => expect(result.current.data?.total).toBe(3));
    stats = figures(3, 0);
    changed = true;
    await client.refetchQueries({ queryKey: contactKeys.stats });
    await waitFor(() => expect(result.current.data?.unread).toBe(0));
    expect(invalidated(inbox)).toBe(false);
  });
});
