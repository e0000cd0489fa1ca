import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsServicesOn } from '../../../tests/support/stores';
import { createTestDb } from '../../../tests/support/test-app';

/** A page's place in its menu changes only when a write names it (or the menu is reordered). */
describe("a page's place in its menu", () => {
  let t: Awaited<ReturnType<typeof createTestDb>>;
  let pages: ReturnType<typeof newsServicesOn>['pages'];
  beforeAll(async () => {
    t = await createTestDb();
    pages = newsServicesOn(t).pages;
  });
  afterAll(() => t.destroy());

  const page = (slug: string, extra: Record<string, unknown> = {}) => ({
    title: `Page ${slug}`,
    content: 'Text',
    slug,
    nav: 'header',
    published: true,
    ...extra,
  });

  it('is first for a new page that names none, and the one named otherwise', async () => {
    expect((await pages.create(page('first'))).position).toBe(0);
    expect((await pages.create(page('named', { position: 7 }))).position).toBe(7);
  });

  it('stays as stored through a save that names none', async () => {
    const a = await pages.create(page('kept-a'));
    const b = await pages.create(page('kept-b'));
    await pages.reorder({ ids: [b.id, a.id] });
    const saved = await pages.update(a.id, { ...page('kept-a'), title: 'Page A, typo fixed' });
    expect(saved.position).toBe(1);
    expect((await pages.update(a.id, { ...page('kept-a'), position: 4 })).position).toBe(4);
  });
});
