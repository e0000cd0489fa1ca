// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactKeys } from '../../contacts/api/contacts.queries';
import { renderWithClient, stubApi } from '../../../test/query';
import {
  historyKeys,
  newsKeys,
  useCreateNews,
  useDeleteNews,
  useSetPublished,
  useUpdateNews,
} from './news.queries';

let client: QueryClient;
const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
const inbox = contactKeys.list({});

beforeEach(() => {
  client = new QueryClient();
  // What the dashboard has loaded: both news queries and both contact queries.
  for (const key of [newsKeys.adminList, newsKeys.categories, inbox, contactKeys.stats])
    client.setQueryData(key, []);
});
afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
});

/** An article as the form sends it. */
const article = {
  title: 'T',
  excerpt: 'E',
  content: 'C',
  category: 'robotics',
  slug: 't',
  image_url: null,
  published: false,
};

/** The history of each article of `ids` loaded, and the API answering a write of article 4. */
function historiesLoaded(...ids: number[]) {
  stubApi(() => ({ id: 4 }));
  for (const id of ids) client.setQueryData(historyKeys.revisions(id), []);
}

describe('news writes refetch what they change, and only that', () => {
  it('a publish toggle sends only {published} and invalidates the admin list and categories', async () => {
    const calls = stubApi(() => ({ id: 4 }));
    const { result } = renderWithClient(useSetPublished, client);
    await result.current.mutateAsync({ id: 4, published: true });
    expect(calls).toEqual(['PUT /api/news/4']);
    expect(vi.mocked(fetch).mock.calls[0]![1]?.body).toBe('{"published":true}');
    expect(invalidated(newsKeys.adminList)).toBe(true);
    expect(invalidated(newsKeys.categories)).toBe(true);
    expect(invalidated(inbox)).toBe(false);
    expect(invalidated(contactKeys.stats)).toBe(false);
  });

  it('creating and deleting do the same', async () => {
    stubApi(() => ({ id: 5 }));
    const created = renderWithClient(useCreateNews, client).result;
    await created.current.mutateAsync(article);
    expect(invalidated(newsKeys.adminList)).toBe(true);
    expect(invalidated(inbox)).toBe(false);

    client.setQueryData(newsKeys.adminList, []);
    client.setQueryData(newsKeys.categories, []);
    const deleted = renderWithClient(useDeleteNews, client).result;
    await deleted.current.mutateAsync(5);
    expect(invalidated(newsKeys.adminList)).toBe(true);
    expect(invalidated(newsKeys.categories)).toBe(true);
    expect(invalidated(contactKeys.stats)).toBe(false);
  });

  it('a save reads that article’s history again, so the text saved shows as current', async () => {
    historiesLoaded(4, 8);
    const { result } = renderWithClient(useUpdateNews, client);
    await result.current.mutateAsync({ id: 4, payload: article });
    expect(invalidated(historyKeys.revisions(4))).toBe(true);
    expect(invalidated(historyKeys.revisions(8))).toBe(false);
  });

  it('a publish toggle leaves the history alone: it adds no revision', async () => {
    historiesLoaded(4);
    const { result } = renderWithClient(useSetPublished, client);
    await result.current.mutateAsync({ id: 4, published: true });
    expect(invalidated(historyKeys.revisions(4))).toBe(false);
  });

  it('a failed write invalidates nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ error: 'Article not found' }), { status: 404 }),
      ),
    );
    const { result } = renderWithClient(useDeleteNews, client);
    await expect(result.current.mutateAsync(9)).rejects.toThrow('Article not found');
    expect(invalidated(newsKeys.adminList)).toBe(false);
  });
});
