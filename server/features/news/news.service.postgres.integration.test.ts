import { rmSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISIONS_KEPT, type Revision } from '#shared/revisions';
import { testClock, type TestClock } from '../../../tests/support/clock';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../../tests/support/postgres';
import {
  createTestApp,
  signedIn,
  tempDataDir,
  type TestApp,
} from '../../../tests/support/test-app';
import { SCHEDULED_REASON } from '../../content-version';
import { createLogger } from '../../logger';
import { createPublicationScheduler, type PublicationScheduler } from './publication-scheduler';
import { storedSourceHash } from './source-hash';

/**
 * Scheduling, share links, revisions and old slugs on PostgreSQL (its server
 * zone set far from UTC by tests/support/postgres.ts): times compare as
 * instants, so an article appears at its moment, a link stops at its own,
 * and the newest revisions are the ones kept.
 */

const START = '2026-06-01T10:00:00.000Z';
const MINUTE = 60_000;

let pg: TestPostgres | null = null;
let t: TestApp;
let clock: TestClock;
let scheduler: PublicationScheduler;
let admin: Awaited<ReturnType<typeof signedIn>>;

const story = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Story ${slug}`,
  excerpt: 'E',
  content: 'C',
  category: 'robotics',
  slug,
  published: true,
  ...extra,
});

/** One fixed address: without PUBLIC_URL the page cache keys on it (supertest's port changes). */
const get = (path: string) => request(t.app).get(path).set('Host', 'www.forge.test');

/** Asks until the answer comes from the page cache (kept once compressed, off the request path). */
async function cached(path: string) {
  for (let i = 0; i < 100; i++) {
    const res = await get(path);
    if (res.headers['x-cache'] === 'HIT') return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} never came from the cache`);
}

describe.skipIf(!postgresAvailable)(
  `Newsroom on PostgreSQL${postgresUnavailable ? ` — skipped: ${postgresUnavailable}` : ''}`,
  () => {
    beforeAll(async () => {
      pg = await startPostgres();
      clock = testClock(START);
      t = await createTestApp({ DATABASE_URL: pg!.url }, tempDataDir(), { clock });
      scheduler = createPublicationScheduler({
        db: t.db,
        version: t.contentVersion,
        logger: createLogger({ logLevel: 'silent' }),
        clock,
        pollMs: 50,
      });
      scheduler.start();
      admin = await signedIn(t.app);
    });

    afterAll(async () => {
      await scheduler?.stop();
      await t?.close();
      if (t) rmSync(t.dataDir, { recursive: true, force: true });
      await pg?.stop();
    });

    it('publishes a scheduled article at its moment, everywhere, emptying the caches once', async () => {
      const bumps: number[] = [];
      t.contentVersion.onChange((v, reason) => {
        if (reason === SCHEDULED_REASON) bumps.push(v);
      });
      const due = new Date(Date.parse(START) + 5 * MINUTE).toISOString();
      const res = await admin
        .post('/api/news')
        .send(story('timed', { published_at: '2026-06-01T11:05:00+01:00' }))
        .expect(201);
      expect(res.body.data.published_at).toBe(due);
      await scheduler.refresh();

      clock.set(new Date(Date.parse(due) - 1));
      expect((await cached('/api/news')).body.data.total).toBe(0);
      // No article is public: the index names no sitemap of articles.
      expect((await cached('/sitemap.xml')).text).not.toContain('/sitemap-news-');
      await request(t.app).get('/timed').expect(404);

      clock.set(due);
      const list = await get('/api/news').expect(200);
      expect(list.headers['x-cache']).toBeUndefined();
      expect(list.body.data.news.map((a: { slug: string }) => a.slug)).toEqual(['timed']);
      expect((await get('/sitemap.xml').expect(200)).text).toContain('/sitemap-news-1.xml');
      expect((await get('/sitemap-news-1.xml').expect(200)).text).toContain('/en/timed');
      expect((await request(t.app).get('/rss.xml').expect(200)).text).toContain('/timed');
      await request(t.app).get('/timed').expect(200);
      await scheduler.refresh();
      await new Promise((r) => setTimeout(r, 150));
      expect(bumps).toHaveLength(1);
    });

    it('lets share links work until they expire or are revoked', async () => {
      const draft = (
        await admin
          .post('/api/news')
          .send(story('pg-draft', { published: false }))
          .expect(201)
      ).body.data;
      const link = (
        await admin.post(`/api/news/${draft.id}/previews`).send({ expires_in_days: 1 }).expect(201)
      ).body.data;
      const kept = (await admin.post(`/api/news/${draft.id}/previews`).send({}).expect(201)).body
        .data;
      await request(t.app).get(`/api/previews/${link.token}`).expect(200);
      clock.advance(24 * 60 * MINUTE);
      await request(t.app).get(`/api/previews/${link.token}`).expect(404);
      await request(t.app).get(`/api/previews/${kept.token}`).expect(200);
      const active = (await admin.get(`/api/news/${draft.id}/previews`).expect(200)).body.data;
      expect(active.map((l: { id: number }) => l.id)).toEqual([kept.id]);
      await admin.delete(`/api/news/${draft.id}/previews/${kept.id}`).expect(200);
      await request(t.app).get(`/api/previews/${kept.token}`).expect(404);
    });

    it('keeps revisions newest first, restores one and prunes past the kept count', async () => {
      const { id } = (await admin.post('/api/news').send(story('pg-revised')).expect(201)).body
        .data;
      for (let n = 1; n <= REVISIONS_KEPT + 2; n++) {
        clock.advance(1000);
        await admin
          .put(`/api/news/${id}`)
          .send({ title: `Version ${n}` })
          .expect(200);
      }
      const list = async (): Promise<Revision[]> =>
        (await admin.get(`/api/news/${id}/revisions?language=en`).expect(200)).body.data;
      const kept = await list();
      expect(kept).toHaveLength(REVISIONS_KEPT);
      expect(kept[0]!.title).toBe(`Version ${REVISIONS_KEPT + 2}`);
      expect(kept.at(-1)!.title).toBe('Version 3');
      const oldest = kept.at(-1)!;
      const restored = await admin
        .post(`/api/news/${id}/revisions/${oldest.id}/restore`)
        .expect(200);
      expect(restored.body.data.title).toBe('Version 3');
      expect((await list())[0]!.title).toBe('Version 3');
    });

    it('restores a translation marked current without a change as current', async () => {
      const pt = (title: string, extra: Record<string, unknown> = {}) => ({
        title,
        excerpt: 'Resumo',
        content: 'Corpo',
        ...extra,
      });
      const { id } = (
        await admin
          .post('/api/news')
          .send(story('pg-confirmed', { translations: { pt: pt('Ainda certa') } }))
          .expect(201)
      ).body.data;
      const edited = (await admin.put(`/api/news/${id}`).send({ title: 'Reworded' }).expect(200))
        .body.data;
      expect(edited.translations.pt.outdated).toBe(true);
      await admin
        .put(`/api/news/${id}`)
        .send({
          translations: { pt: pt('Ainda certa', { source_hash: storedSourceHash(edited) }) },
        })
        .expect(200);
      await admin
        .put(`/api/news/${id}`)
        .send({ translations: { pt: pt('Reescrita') } })
        .expect(200);
      const list: Revision[] = (
        await admin.get(`/api/news/${id}/revisions?language=pt`).expect(200)
      ).body.data;
      const confirmed = list.find((r) => r.title === 'Ainda certa')!;
      const restored = await admin
        .post(`/api/news/${id}/revisions/${confirmed.id}/restore`)
        .expect(200);
      expect(restored.body.data.translations.pt).toMatchObject({
        title: 'Ainda certa',
        outdated: false,
      });
    });

    it('answers 301 from an old slug in every language prefix, and guards its reuse', async () => {
      const { id } = (await admin.post('/api/news').send(story('pg-old')).expect(201)).body.data;
      await admin.put(`/api/news/${id}`).send({ slug: 'pg-new' }).expect(200);
      for (const prefix of ['', '/en', '/pt', '/de']) {
        const res = await request(t.app).get(`${prefix}/pg-old`).expect(301);
        expect(res.headers.location).toBe(`${prefix}/pg-new`);
      }
      await admin.post('/api/news').send(story('pg-old')).expect(409);
      await admin
        .post('/api/news')
        .send(story('pg-old', { reuse_slug: true }))
        .expect(201);
      await request(t.app).get('/pg-old').expect(200);
    });
  },
);
