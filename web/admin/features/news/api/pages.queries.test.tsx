// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, stubApi } from '../../../test/query';
import { historyKeys } from './news.queries';
import { pagesKeys, useCreatePage, useSetPagePublished, useUpdatePage } from './pages.queries';

let client: QueryClient;
const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

beforeEach(() => {
  client = new QueryClient();
  for (const key of [pagesKeys.list, historyKeys.revisions(4), historyKeys.revisions(8)])
    client.setQueryData(key, []);
});
afterEach(() => {
  client.clear();
  vi.unstubAllGlobals();
});

const payload = {
  title: 'About us',
  excerpt: '',
  content: 'C',
  slug: 'about-us',
  image_url: null,
  published: false,
  nav: 'footer' as const,
};

describe('page writes refetch what they change', () => {
  it('a save reads the list and that page’s history again, so the text saved shows as current', async () => {
    const calls = stubApi(() => ({ id: 4 }));
    const { result } = renderWithClient(useUpdatePage, client);
    await result.current.mutateAsync({ id: 4, payload });
    expect(calls).toEqual(['PUT /api/pages/4']);
    expect(invalidated(pagesKeys.list)).toBe(true);
    expect(invalidated(historyKeys.revisions(4))).toBe(true);
    expect(invalidated(historyKeys.revisions(8))).toBe(false);
  });

  it('a new page’s history is the one of the id it got', async () => {
    stubApi(() => ({ id: 8 }));
    const { result } = renderWithClient(useCreatePage, client);
    await result.current.mutateAsync(payload);
    expect(invalidated(historyKeys.revisions(8))).toBe(true);
    expect(invalidated(historyKeys.revisions(4))).toBe(false);
  });

  it('a publish toggle leaves the history alone: it adds no revision', async () => {
    stubApi(() => ({ id: 4 }));
    const { result } = renderWithClient(useSetPagePublished, client);
    await result.current.mutateAsync({ id: 4, published: true });
    expect(invalidated(pagesKeys.list)).toBe(true);
    expect(invalidated(historyKeys.revisions(4))).toBe(false);
  });
});
