import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '#shared/media';
import { makeImage } from '../../../tests/support/images';
import { STORES } from '../../../tests/support/stores';
import { signedIn, type TestApp } from '../../../tests/support/test-app';
import type * as Repo from './media.repo';

/**
 * Hooks at the boundaries the races cross, in the media repository:
 * `beforeRemove` when a deletion has read what uses the upload and is
 * about to delete it, `afterMissing` when a save of an article has found
 * the uploads it shows (`afterMissingInWrite`: found them within its
 * transaction), `afterFind` when the hero has found the upload it is
 * given. Each runs once.
 */
const hooks = vi.hoisted(() => ({
  beforeRemove: null as null | (() => Promise<void>),
  afterMissing: null as null | (() => Promise<void>),
  afterMissingInWrite: null as null | (() => Promise<void>),
  afterFind: null as null | (() => Promise<void>),
}));

vi.mock('./media.repo', async (importOriginal) => {
  const actual = await importOriginal<typeof Repo>();
  const once = async (name: keyof typeof hooks) => {
    const hook = hooks[name];
    hooks[name] = null;
    await hook?.();
  };
  return {
    ...actual,
    createMediaRepo: (...args: Parameters<typeof actual.createMediaRepo>) => {
      const repo = actual.createMediaRepo(...args);
      const { remove, missing, find } = repo;
      repo.remove = async (...a) => {
        await once('beforeRemove');
        return remove(...a);
      };
      const inWrite = (args[0] as { isTransaction?: boolean }).isTransaction === true;
      repo.missing = async (...a) => {
        const found = await missing(...a);
        await once(inWrite ? 'afterMissingInWrite' : 'afterMissing');
        return found;
      };
      repo.find = async (...a) => {
        const found = await find(...a);
        await once('afterFind');
        return found;
      };
      return repo;
    },
  };
});

/** Starts `other` and lets it go as far as it can in a second (it ends, or waits for a lock). */
const crossedBy = <T>(other: () => Promise<T>) => {
  const started: { answer?: Promise<T> } = {};
  const hook = async () => {
    started.answer = other();
    await Promise.race([started.answer, new Promise((resolve) => setTimeout(resolve, 1000))]);
  };
  return {
    hook,
    answer: (): Promise<T> =>
      started.answer ?? Promise.reject(new Error('the crossing never started')),
  };
};

/**
 * The crossings: an upload deleted while a save of the article shows it or
 * the hero is given it (`use`); `crossing`, the step that starts at the hook
 * `at` while the other is on its way; `deletionWaits`, where the deletion
 * must wait for the save and then answer 409 (else either may go first).
 */
const CROSSINGS: {
  name: string;
  file: string;
  use: 'save' | 'hero';
  crossing: 'deletion' | 'use';
  at: keyof typeof hooks;
  deletionWaits?: boolean;
}[] = [
  {
    name: 'a save showing it, landing after the deletion read its uses: one of them',
    file: 'crossed-by-save.jpg',
    use: 'save',
    crossing: 'use',
    at: 'beforeRemove',
  },
  {
    name: 'its deletion, landing after a save found it: one of them',
    file: 'crossing-a-save.jpg',
    use: 'save',
    crossing: 'deletion',
    at: 'afterMissing',
  },
  {
    name: 'its deletion, landing while a save that found it is written: the deletion waits, then 409',
    file: 'crossing-a-write.jpg',
    use: 'save',
    crossing: 'deletion',
    at: 'afterMissingInWrite',
    deletionWaits: true,
  },
  {
    name: 'made the hero after the deletion read its uses: one of them, the deletion 409 or 200, never 500',
    file: 'crossed-by-hero.jpg',
    use: 'hero',
    crossing: 'use',
    at: 'beforeRemove',
  },
  {
    name: 'its deletion, landing after the hero found it: one of them, never 500',
    file: 'crossing-the-hero.jpg',
    use: 'hero',
    crossing: 'deletion',
    at: 'afterFind',
  },
];

/**
 * Deleting an upload from the library while a colleague saves an article
 * showing it, or makes it the home page's hero: one of them goes through,
 * never both, and the deletion that loses answers "in use" (409), never a
 * 500. On SQLite the write transactions take turns; on PostgreSQL the
 * deletion locks the upload's row and a save locks the uploads it shows.
 */
describe.each(STORES)(
  'deleting an upload while it is put to use, on $name',
  ({ skip, openApp }) => {
    let t: TestApp;
    let admin: Awaited<ReturnType<typeof signedIn>>;
    let article: { id: number };

    beforeAll(async () => {
      if (skip) return;
      t = await openApp();
      admin = await signedIn(t.app);
      article = (
        await admin
          .post('/api/news')
          .send({
            title: 'Line 3',
            excerpt: 'The new line',
            content: 'Body',
            category: 'robotics',
            slug: 'line-3',
            published: true,
          })
          .expect(201)
      ).body.data;
    }, 60_000);
    afterAll(async () => {
      hooks.beforeRemove = hooks.afterMissing = hooks.afterMissingInWrite = hooks.afterFind = null;
      await t?.destroy();
    });

    const upload = async (name: string) =>
      (
        await admin
          .post('/api/media')
          .attach('file', await makeImage('jpeg'), name)
          .expect(201)
      ).body.data as MediaItem;
    const remove = (item: MediaItem) => admin.delete(`/api/media/${item.id}`).then((r) => r);
    const showIn = (item: MediaItem) =>
      admin
        .put(`/api/news/${article.id}`)
        .send({ image_url: item.url })
        .then((r) => r);
    const makeHero = (item: MediaItem) =>
      admin
        .put('/api/media/hero')
        .send({ poster_id: item.id })
        .then((r) => r);
    const exists = async (item: MediaItem) =>
      Boolean(await t.db('media').where({ id: item.id }).first('id'));
    const shown = async () =>
      String((await t.db('news').where({ id: article.id }).first('image_url')).image_url ?? '');
    const hero = async () =>
      (await t.db('site_media').where({ slot: 'hero-poster' }).first('media_id'))?.media_id;

    const putToUse = { save: showIn, hero: makeHero };
    const isInUse = {
      save: async (item: MediaItem) => (await shown()) === item.url,
      hero: async (item: MediaItem) => Number(await hero()) === item.id,
    };

    for (const { name, file, use, crossing, at, deletionWaits } of CROSSINGS)
      it.skipIf(skip)(
        name,
        async () => {
          const item = await upload(file);
          const deletion = () => remove(item);
          const putting = () => putToUse[use](item);
          const other = crossedBy(crossing === 'deletion' ? deletion : putting);
          hooks[at] = other.hook;
          const first = await (crossing === 'deletion' ? putting() : deletion());
          const second = await other.answer();
          const [deleted, used] = crossing === 'deletion' ? [second, first] : [first, second];

          if (deletionWaits) expect([used.status, deleted.status]).toEqual([200, 409]);
          else
            expect([deleted.status, used.status].sort()).toEqual(
              deleted.status === 200 ? [200, 400] : [200, 409],
            );
          expect(await exists(item)).toBe(deleted.status !== 200);
          expect(await isInUse[use](item)).toBe(used.status === 200);
          if (use === 'save' && deleted.status === 409)
            expect(deleted.body.error).toContain('Line 3');
          if (use === 'hero')
            await admin.put('/api/media/hero').send({ poster_id: null }).expect(200);
        },
        30_000,
      );
  },
);
