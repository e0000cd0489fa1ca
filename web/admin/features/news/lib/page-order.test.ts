import { describe, expect, it } from 'vitest';
import type { AdminPage } from '#shared/pages';
import { groupPages, movePage, orderOf } from './page-order';

const page = (id: number, nav: AdminPage['nav'], position: number) =>
  ({ id, nav, position, slug: `p${id}` }) as AdminPage;

describe('the order of the menus', () => {
  const pages = [
    page(1, 'footer', 3),
    page(2, 'header', 1),
    page(3, 'none', 0),
    page(4, 'header', 0),
    page(5, 'header', 2),
  ];

  it('groups the pages by menu, each by position', () => {
    const groups = groupPages(pages);
    expect(groups.header.map((p) => p.id)).toEqual([4, 2, 5]);
    expect(orderOf(groups)).toEqual([4, 2, 5, 1, 3]);
  });

  it('moves a page inside its own menu only, and not past either end', () => {
    const groups = groupPages(pages);
    expect(orderOf(movePage(groups, 5, 0)!)).toEqual([5, 4, 2, 1, 3]);
    expect(orderOf(movePage(groups, 4, 1)!)).toEqual([2, 4, 5, 1, 3]);
    expect(orderOf(movePage(groups, 4, 99)!)).toEqual([2, 5, 4, 1, 3]);
    expect(movePage(groups, 4, -1)).toBeNull();
    expect(movePage(groups, 1, 1)).toBeNull();
    expect(movePage(groups, 42, 0)).toBeNull();
  });
});
