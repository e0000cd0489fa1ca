import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationStatus } from '#shared/publication';
import { testClock, type TestClock } from '../../../tests/support/clock';
import { wholeSitemap } from '../../../tests/support/sitemap';
import {
  createTestApp,
  signedIn,
  tempDataDir,
  type TestApp,
} from '../../../tests/support/test-app';
import { SCHEDULED_REASON } from '../../content-version';
import { createLogger } from '../../logger';
import { createPublicationScheduler, type PublicationScheduler } from './publication-scheduler';

/**
 * Scheduled publication through the real app, on a clock the test moves: not
 * public before its time anywhere (API, pages, feeds, sitemap, categories),
 * public at that moment everywhere with no further call, the page cache
 * emptied exactly then and once, and across a restart.
 */

const HOST = 'www.forge.test';
const MINUTE = 60_000;
const START = '2026-06-01T10:00:00.000Z';

const story = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Story ${slug}`,
  excerpt: `Excerpt of ${slug}`,
  content: 'Body',
  category: 'robotics',
  slug,
  published: true,
  ...extra,
});

/** Asks until the answer comes from the page cache (it is kept once compressed, off the request path). */
async function cached(t: TestApp, path: string) {
  for (let i = 0; i < 100; i++) {
    const res = await request(t.app).get(path).set('Host', HOST);
    if (res.headers['x-cache'] === 'HIT') return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} never came from the cache`);
}

const get = (t: TestApp, path: string) => request(t.app).get(path).set('Host', HOST);

function schedulerFor(t: TestApp, clock: TestClock): PublicationScheduler {
  return createPublicationScheduler({
    db: t.db,
    version: t.contentVersion,
    logger: createLogger({ logLevel: 'silent' }),
    clock,
    pollMs: 50,
  });
}

/** How often the app's caches were emptied because a scheduled time came. */
function countScheduledBumps(t: TestApp) {
  const seen: number[] = [];
  t.contentVersion.onChange((version, reason) => {
    if (reason === SCHEDULED_REASON) seen.push(version);
  });
  return seen;
}

describe('a scheduled article', () => {
  let t: TestApp;
  let clock: TestClock;
  let scheduler: PublicationScheduler;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let bumps: number[];
  const due = new Date(Date.parse(START) + 2 * MINUTE).toISOString();

  beforeAll(async () => {
    clock = testClock(START);
    t = await createTestApp({}, undefined, { clock });
    scheduler = schedulerFor(t, clock);
    scheduler.start();
    bumps = countScheduledBumps(t);
    admin = await signedIn(t.app);
    await admin.post('/api/news').send(story('already-out')).expect(201);
  });
  afterAll(async () => {
    await scheduler.stop();
    await t.destroy();
  });

  it('is stored with its time and shown to admins as scheduled', async () => {
    const res = await admin
      .post('/api/news')
      .send(
        story('launch-day', { published_at: '2026-06-01T12:02:00+02:00', category: 'partnership' }),
      )
      .expect(201);
    expect(res.body.data).toMatchObject({ published: true, published_at: due });
    expect(publicationStatus(res.body.data, clock().getTime())).toBe('scheduled');
    const list = (await admin.get('/api/news/admin').expect(200)).body.data;
    expect(list.map((a: { slug: string }) => a.slug)).toContain('launch-day');
    await admin.get('/api/news/launch-day').expect(200);
    const page = await admin.get('/launch-day').expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    await scheduler.refresh();
  });

  it('is not public before its time: API, pages, feeds, sitemap and categories leave it out', async () => {
    clock.set(new Date(Date.parse(due) - 1));
    const list = await cached(t, '/api/news');
    expect(list.body.data.news.map((a: { slug: string }) => a.slug)).toEqual(['already-out']);
    expect((await cached(t, '/news')).text).not.toContain('Story launch-day');
    await get(t, '/api/news/launch-day').expect(404);
    await get(t, '/launch-day').expect(404);
    expect((await cached(t, '/rss.xml')).text).not.toContain('launch-day');
    expect((await cached(t, '/sitemap.xml')).text).toContain('/sitemap-news-1.xml');
    expect((await cached(t, '/sitemap-news-1.xml')).text).not.toContain('launch-day');
    const categories = (await get(t, '/api/news/categories').expect(200)).body.data;
    expect(categories).toEqual([{ category: 'robotics', count: 1 }]);
  });

  it('keeps shared caches of the feeds no longer than until its time', async () => {
    clock.set(new Date(Date.parse(due) - 90_000));
    const feed = await request(t.app).get('/rss.xml').expect(200);
    expect(feed.headers['cache-control']).toBe('public, max-age=90');
    const sitemap = await request(t.app).get('/sitemap.xml').expect(200);
    expect(sitemap.headers['cache-control']).toBe('public, max-age=90');
    clock.set(new Date(Date.parse(due) - 1));
  });

  it('is public at its time everywhere at once, with no further call, and the caches emptied once', async () => {
    expect((await cached(t, '/news')).text).not.toContain('Story launch-day');
    expect(bumps).toEqual([]);
    clock.set(due);
    const page = await get(t, '/news').expect(200);
    expect(page.headers['x-cache']).toBeUndefined();
    expect(page.text).toContain('Story launch-day');
    const list = (await get(t, '/api/news').expect(200)).body.data.news;
    expect(list.map((a: { slug: string }) => a.slug)).toEqual(['launch-day', 'already-out']);
    await get(t, '/api/news/launch-day').expect(200);
    const article = await get(t, '/launch-day').expect(200);
    expect(article.text).toContain('Story launch-day');
    expect(article.text).not.toContain('— not public yet</p>');
    expect((await get(t, '/rss.xml').expect(200)).text).toContain('/launch-day');
    expect(await wholeSitemap((path) => get(t, path).expect(200))).toContain('/en/launch-day');
    const categories = (await get(t, '/api/news/categories').expect(200)).body.data;
    expect(categories).toEqual(
      expect.arrayContaining([
        { category: 'partnership', count: 1 },
        { category: 'robotics', count: 1 },
      ]),
    );
    await scheduler.refresh();
    await new Promise((r) => setTimeout(r, 150));
    expect(bumps).toHaveLength(1);
    expect((await cached(t, '/news')).text).toContain('Story launch-day');
  });

  it('empties the caches at its time through the scheduler alone, when no request comes first', async () => {
    const later = new Date(clock().getTime() + 10 * MINUTE).toISOString();
    await admin
      .post('/api/news')
      .send(story('quiet-launch', { published_at: later }))
      .expect(201);
    await scheduler.refresh();
    await cached(t, '/api/news');
    const before = bumps.length;
    clock.set(later);
    for (let i = 0; i < 50 && bumps.length === before; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(bumps.length).toBe(before + 1);
    const list = await get(t, '/api/news').expect(200);
    expect(list.headers['x-cache']).toBeUndefined();
    expect(list.body.data.news[0].slug).toBe('quiet-launch');
  });
});

describe('publishing, scheduling and unscheduling', () => {
  let t: TestApp;
  let clock: TestClock;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    clock = testClock(START);
    t = await createTestApp({}, undefined, { clock });
    admin = await signedIn(t.app);
  });
  afterAll(() => t.destroy());

  const inAnHour = () => new Date(clock().getTime() + 60 * MINUTE).toISOString();

  it('returns a scheduled article to a plain draft when it is taken back, and publishes it now when asked', async () => {
    const { body } = await admin
      .post('/api/news')
      .send(story('plan', { published_at: inAnHour() }))
      .expect(201);
    const off = await admin.put(`/api/news/${body.data.id}`).send({ published: false }).expect(200);
    expect(off.body.data).toMatchObject({ published: false, published_at: null });
    const on = await admin.put(`/api/news/${body.data.id}`).send({ published: true }).expect(200);
    expect(on.body.data).toMatchObject({ published: true, published_at: START });

    const again = await admin
      .put(`/api/news/${body.data.id}`)
      .send({ published_at: inAnHour() })
      .expect(200);
    expect(publicationStatus(again.body.data, clock().getTime())).toBe('scheduled');
    await request(t.app).get('/api/news/plan').expect(404);
    const toggled = await admin
      .put(`/api/news/${body.data.id}`)
      .send({ published: true })
      .expect(200);
    expect(toggled.body.data.published_at).toBe(again.body.data.published_at);
    const now = await admin
      .put(`/api/news/${body.data.id}`)
      .send({ published: true, published_at: null })
      .expect(200);
    expect(now.body.data.published_at).toBe(START);
    await request(t.app).get('/api/news/plan').expect(200);
  });

  it('shows its admin a scheduled article under a banner naming the day', async () => {
    // The page decides by the reader's clock, so this time is ahead of any real one too.
    await admin
      .post('/api/news')
      .send(story('far-ahead', { published_at: '2099-01-02T09:00:00Z' }))
      .expect(201);
    const page = await admin.get('/far-ahead').expect(200);
    expect(page.text).toContain('Scheduled for 02/01/2099 — not public yet</p>');
    await request(t.app).get('/far-ahead').expect(404);
  });

  it('keeps the time of an edited article, backdates on request, and never dates a draft', async () => {
    const past = '2026-05-01T08:00:00.000Z';
    const old = await admin
      .post('/api/news')
      .send(story('from-may', { published_at: past }))
      .expect(201);
    expect(old.body.data.published_at).toBe(past);
    const edited = await admin
      .put(`/api/news/${old.body.data.id}`)
      .send({ title: 'Retitled' })
      .expect(200);
    expect(edited.body.data.published_at).toBe(past);
    const list = (await request(t.app).get('/api/news').expect(200)).body.data.news;
    expect(list.at(-1).slug).toBe('from-may');
    const draft = await admin
      .post('/api/news')
      .send(story('dated-draft', { published: false, published_at: inAnHour() }))
      .expect(201);
    expect(draft.body.data).toMatchObject({ published: false, published_at: null });
  });

  it('refuses a time without a zone, a day that does not exist, and anything not a time', async () => {
    for (const published_at of ['2026-12-01T09:00', '2026-02-30T10:00:00Z', 'tomorrow', 1234]) {
      const res = await admin
        .post('/api/news')
        .send(story('bad-time', { published_at }))
        .expect(400);
      expect(res.body.details).toEqual({
        published_at:
          'Enter the publication time as a date and time with a time zone (for example 2026-12-01T09:00:00Z)',
      });
    }
  });
});

describe('a restart that spans the scheduled time', () => {
  it('finds the article public when it comes back, with nothing to catch up', async () => {
    const clock = testClock(START);
    const dataDir = tempDataDir();
    const first = await createTestApp({}, dataDir, { clock });
    const admin = await signedIn(first.app);
    const due = new Date(Date.parse(START) + 30 * MINUTE).toISOString();
    await admin
      .post('/api/news')
      .send(story('while-down', { published_at: due }))
      .expect(201);
    await request(first.app).get('/api/news/while-down').expect(404);
    await first.close();

    clock.set(new Date(Date.parse(due) + 5 * MINUTE));
    const second = await createTestApp({}, dataDir, { clock });
    try {
      await request(second.app).get('/api/news/while-down').expect(200);
      expect((await request(second.app).get('/while-down').expect(200)).text).toContain(
        'Story while-down',
      );
      expect(await wholeSitemap((path) => request(second.app).get(path).expect(200))).toContain(
        '/en/while-down',
      );
    } finally {
      await second.destroy();
    }
  });
});
