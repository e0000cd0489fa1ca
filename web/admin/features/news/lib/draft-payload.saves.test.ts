import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsServicesOn } from '../../../../../tests/support/stores';
import { createTestDb } from '../../../../../tests/support/test-app';
import { draftFromPage } from './article-draft';
import { checkDraft } from './draft-payload';

/** What the form sends, as the server saves it (the services on a real SQLite store). */
describe('the form saved by the server', () => {
  let t: Awaited<ReturnType<typeof createTestDb>>;
  let services: ReturnType<typeof newsServicesOn>;
  beforeAll(async () => {
    t = await createTestDb();
    services = newsServicesOn(t);
  });
  afterAll(() => t.destroy());

  it("keeps a page's place in its menu when a save fixes its title", async () => {
    const { pages } = services;
    const page = (n: number) => ({
      title: `Page ${n}`,
      content: 'Text',
      slug: `page-${n}`,
      nav: 'header',
      published: true,
    });
    const a = await pages.create(page(1));
    const b = await pages.create(page(2));
    const c = await pages.create(page(3));
    await pages.reorder({ ids: [c.id, b.id, a.id] });
    const menu = async () => (await pages.navigation()).map((p) => p.slug);
    const before = await menu();

    const stored = await pages.getById(a.id);
    const check = checkDraft({ ...draftFromPage(stored), title: 'Page 1, typo fixed' }, 'page');
    if (!check.ok) throw new Error(JSON.stringify(check.errors));
    await pages.update(a.id, { ...check.payload, updated_at: stored.updated_at });

    expect(await menu()).toEqual(before);
    expect((await pages.getById(a.id)).position).toBe(2);
    // The form shows no position, so it sends none.
    expect(check.payload).not.toHaveProperty('position');
  });
});
