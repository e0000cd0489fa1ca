import { describe, expect, it } from 'vitest';
import type { CategoryCount } from '#shared/news';
import { createContentVersion } from '../../content-version';
import { INVALID, publicQuery, readQuery } from '../../http/public-query';
import { createLogger } from '../../logger';
import { createListBounds, listPageRule, newsListRules } from './list-bounds';

/** Bounds over counts the test sets; each count is read once per content version. */
function bounds(initial: CategoryCount[]) {
  let counts = initial;
  let queries = 0;
  const content = createContentVersion();
  const made = createListBounds({
    news: {
      categories: async () => {
        queries += 1;
        return counts;
      },
    },
    content,
    logger: createLogger({ logLevel: 'silent' }),
  });
  const settled = () => new Promise((r) => setTimeout(r, 10));
  return {
    made,
    content,
    settled,
    queries: () => queries,
    set: (next: CategoryCount[]) => (counts = next),
  };
}

const demo = [
  { category: 'robotics', count: 7 },
  { category: 'Custom category', count: 2 },
];

describe('the news list’s bounds', () => {
  it('are unknown until counted, then count pages and categories', async () => {
    const b = bounds(demo);
    expect(b.made.pages(6)).toBeUndefined();
    await b.settled();
    expect(b.made.pages(6)).toBe(2);
    expect(b.made.pages(6, 'robotics')).toBe(2);
    expect(b.made.pages(50, 'robotics')).toBe(1);
    expect(b.made.group('Robotik')).toBe('robotics');
    expect(b.made.group('Custom category')).toBe('Custom category');
    expect(b.made.group('nothing here')).toBeNull();
    expect(b.queries()).toBe(1);
  });

  it('are counted again after each content change', async () => {
    const b = bounds(demo);
    b.made.pages(6);
    await b.settled();
    b.set([{ category: 'robotics', count: 30 }]);
    void b.content.changed('a new article');
    expect(b.made.pages(6)).toBeUndefined();
    await b.settled();
    expect(b.made.pages(6)).toBe(5);
    expect(b.queries()).toBe(2);
  });
});

describe('the query rules of the news list', () => {
  it('keep a news page within the list’s pages, and no page past the last', async () => {
    const b = bounds(demo);
    const rule = listPageRule(b.made);
    expect(rule('2', {})).toBe(INVALID); // not counted yet
    await b.settled();
    expect(rule('2', {})).toBe('2');
    expect(rule('02', {})).toBe('2');
    expect(rule('3', {})).toBe(INVALID);
    expect(rule('1', {})).toBeUndefined();
    expect(rule('abc', {})).toBeUndefined();
  });

  it('keep the API’s pages, page sizes and categories only where the list has them', async () => {
    const b = bounds(demo);
    b.made.pages(6);
    await b.settled();
    const list = publicQuery(newsListRules(b.made));
    expect(readQuery(list, 'page=2')).toMatchObject({ valid: true, key: 'page=2' });
    expect(readQuery(list, 'page=3').valid).toBe(false);
    expect(readQuery(list, 'per_page=3&page=3')).toMatchObject({ key: 'per_page=3&page=3' });
    expect(readQuery(list, 'per_page=6&page=1')).toMatchObject({ valid: true, key: '' });
    expect(readQuery(list, 'category=Rob%C3%B3tica&page=2')).toMatchObject({
      key: 'category=robotics&page=2',
    });
    expect(readQuery(list, 'category=Custom%20category&page=2').valid).toBe(false);
    for (const bad of ['page=0', 'page=x', 'per_page=51', 'per_page=0', 'category=unknown']) {
      expect(readQuery(list, bad).valid, bad).toBe(false);
    }
  });
});
