import { PAGE_NAVS, type AdminPage, type PageNav } from '#shared/pages';

/*
 * The order of the pages in the site's menus, as the Pages tab changes it:
 * each menu (header, footer, none) is its own list; moving a page changes
 * its place in its menu, and the whole order is saved at once
 * (`PUT /api/pages/order`: positions 0, 1, 2… in this order).
 */

export type PageGroups = Record<PageNav, AdminPage[]>;

/** The pages of each menu, by position (the server's order). */
export function groupPages(pages: readonly AdminPage[]): PageGroups {
  const groups: PageGroups = { header: [], footer: [], none: [] };
  for (const page of pages) groups[page.nav].push(page);
  for (const nav of PAGE_NAVS) groups[nav].sort((a, b) => a.position - b.position || a.id - b.id);
  return groups;
}

/** Every page id in menu order: header, footer, then the pages in no menu. */
export const orderOf = (groups: PageGroups): number[] =>
  PAGE_NAVS.flatMap((nav) => groups[nav].map((page) => page.id));

/**
 * The groups with one page moved inside its menu, to index `to` (clamped to
 * the menu); null when it would not move.
 */
export function movePage(groups: PageGroups, id: number, to: number): PageGroups | null {
  const nav = PAGE_NAVS.find((n) => groups[n].some((page) => page.id === id));
  if (!nav) return null;
  const list = [...groups[nav]];
  const from = list.findIndex((page) => page.id === id);
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target) return null;
  const [page] = list.splice(from, 1);
  list.splice(target, 0, page!);
  return { ...groups, [nav]: list };
}
