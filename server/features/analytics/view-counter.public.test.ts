import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORES, newsServicesOn, type TestStore } from '../../../tests/support/stores';
import { transactionPerWrite } from '../../db/group-commit';
import { createViewCounter } from './view-counter';

/**
 * Views are counted for public pages only (docs/api.md, "Readers and where
 * enquiries come from"): anyone may name any article or page in `POST
 * /api/analytics/views`, so a view of one that is not public when the
 * counts are written (a draft, one scheduled for later) is dropped, as the
 * public site would not have shown it.
 */
const NOON = Date.parse('2026-11-27T12:00:00.000Z');
const text = { excerpt: 'What the cell does.', content: 'The cell welds a frame.' };
const article = { ...text, category: 'Automation' };

describe.each(STORES)('$name', (store) => {
  let t: TestStore;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    if (store.skip) return;
    t = await store.open();
    const { news, pages } = newsServicesOn(t);
    const past = '2026-11-01T09:00:00.000Z';
    ids.public = (
      await news.create({
        ...article,
        title: 'Public',
        slug: 'public',
        published: true,
        published_at: past,
        translations: { pt: { title: 'Público', ...text, published: false } },
      })
    ).id;
    ids.draft = (await news.create({ ...article, title: 'Draft', slug: 'draft' })).id;
    ids.scheduled = (
      await news.create({
        ...article,
        title: 'Scheduled',
        slug: 'scheduled',
        published: true,
        published_at: '2026-12-01T09:00:00.000Z',
      })
    ).id;
    ids.draftPage = (
      await pages.create({ title: 'Careers', content: 'Join us.', slug: 'careers' })
    ).id;
    ids.publicPage = (
      await pages.create({
        title: 'About us',
        content: 'Who we are.',
        slug: 'about',
        published: true,
        published_at: past,
      })
    ).id;
  });
  afterAll(() => t?.destroy());
  beforeEach(async () => {
    if (!store.skip) await t.db('page_views').delete();
  });

  const counted = async () =>
    (await t.db('page_views').orderBy(['document_id', 'language']).select()).map(
      (r) => `${r.page}:${Number(r.document_id)}:${r.language}=${Number(r.views)}`,
    );

  describe.skipIf(store.skip)('the view counter', () => {
    it('writes the views of public articles and pages only, as they are when written', async () => {
      let now = NOON;
      const counter = createViewCounter({ writes: transactionPerWrite(t.db), clock: () => now });
      for (const id of Object.values(ids)) counter.add(`document:${id}:en`, null);
      counter.add('home:0:en', null);
      await counter.flush();
      expect(await counted()).toEqual([
        'home:0:en=1',
        `document:${ids.public}:en=1`,
        `document:${ids.publicPage}:en=1`,
      ]);
      // Once its time has come, the scheduled article is public: its views count from then on.
      now = Date.parse('2026-12-01T09:00:00.000Z');
      counter.add(`document:${ids.scheduled}:de`, null);
      counter.add(`document:${ids.draft}:de`, null);
      await counter.flush();
      expect(await counted()).toContain(`document:${ids.scheduled}:de=1`);
      expect((await counted()).filter((row) => row.startsWith(`document:${ids.draft}:`))).toEqual(
        [],
      );
    });

    it('writes a public article’s views in a language whose translation is a draft', async () => {
      // Its page in that language is public (200, the source text and a note), and the server
      // counts the views it sends there in the page's language: the script's count the same.
      const counter = createViewCounter({ writes: transactionPerWrite(t.db), clock: () => NOON });
      counter.add(`document:${ids.public}:pt`, null);
      await counter.flush();
      expect(await counted()).toEqual([`document:${ids.public}:pt=1`]);
    });
  });
});
