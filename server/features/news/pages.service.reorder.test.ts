import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsServicesOn } from '../../../tests/support/stores';
import { createTestDb } from '../../../tests/support/test-app';

/**
 * `PUT /api/pages/order` from a list loaded before a colleague changed the
 * pages: ids that no longer name a page are passed over, and pages the
 * order does not name follow the named ones in their order.
 */
describe('a new order of the pages', () => {
  let t: Awaited<ReturnType<typeof createTestDb>>;
  let pages: ReturnType<typeof newsServicesOn>['pages'];
  beforeAll(async () => {
    t = await createTestDb();
    pages = newsServicesOn(t).pages;
  });
  afterAll(() => t.destroy());
  beforeEach(async () => {
    await t.db('news').delete();
  });

  const create = (slug: string, position: number) =>
    pages.create({ title: slug, content: 'Text', slug, nav: 'header', published: true, position });
  const order = async () => (await pages.listAdmin()).map((p) => [p.slug, p.position]);

  it('passes over a page deleted since the list was loaded', async () => {
    const about = await create('about', 0);
    const careers = await create('careers', 1);
    const team = await create('team', 2);
    await pages.remove(careers.id);

    await pages.reorder({ ids: [careers.id, team.id, about.id] });
    expect(await order()).toEqual([
      ['team', 0],
      ['about', 1],
    ]);
  });

  it('puts the pages it does not name after the named ones, in their order', async () => {
    // Created by a colleague after this order's list was loaded.
    await create('team', 0);
    const about = await create('about', 1);
    const careers = await create('careers', 2);
    await create('imprint', 3);

    await pages.reorder({ ids: [careers.id, about.id] });
    expect(await order()).toEqual([
      ['careers', 0],
      ['about', 1],
      ['team', 2],
      ['imprint', 3],
    ]);
  });
});
