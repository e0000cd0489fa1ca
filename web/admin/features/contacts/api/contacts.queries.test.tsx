// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newsKeys } from '../../news/api/news.queries';
import { renderWithClient, stubApi } from '../../../test/query';
import { contactKeys, useDeleteContact, useSetContactRead } from './contacts.queries';

let client: QueryClient;
const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

beforeEach(() => {
  client = new QueryClient();
  for (const key of [newsKeys.adminList, newsKeys.categories, contactKeys.list, contactKeys.stats])
    client.setQueryData(key, []);
});
afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
});

describe('contact writes refetch the list and the totals, not the news', () => {
  it('marking as read sends {read} and invalidates the contacts list and stats', async () => {
    const calls = stubApi(() => ({ id: 2, read: true }));
    const { result } = renderWithClient(useSetContactRead, client);
    await result.current.mutateAsync({ id: 2, read: true });
    expect(calls).toEqual(['PUT /api/contacts/2/read']);
    expect(vi.mocked(fetch).mock.calls[0]![1]?.body).toBe('{"read":true}');
    expect(invalidated(contactKeys.list)).toBe(true);
    expect(invalidated(contactKeys.stats)).toBe(true);
    expect(invalidated(newsKeys.adminList)).toBe(false);
    expect(invalidated(newsKeys.categories)).toBe(false);
  });

  it('deleting does the same', async () => {
    const calls = stubApi(() => ({ id: 2 }));
    const { result } = renderWithClient(useDeleteContact, client);
    await result.current.mutateAsync(2);
    expect(calls).toEqual(['DELETE /api/contacts/2']);
    expect(invalidated(contactKeys.list)).toBe(true);
    expect(invalidated(contactKeys.stats)).toBe(true);
    expect(invalidated(newsKeys.adminList)).toBe(false);
  });
});
