import { rmSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../tests/support/postgres';
import { wholeSitemap } from '../../tests/support/sitemap';
import { csvNames, expectedExportOrder, exportRows } from '../../tests/support/enquiry-export';
import { EXPORT_BATCH } from '../features/contacts/contacts.service';
import { zoneDay } from '#shared/day-series';
import { statsDays } from '../features/contacts/contact-stats';
import {
  createTestApp,
  createUser,
  signedIn,
  TEST_ADMIN,
  tempDataDir,
  type TestApp,
} from '../../tests/support/test-app';
import { createRetentionJob } from '../features/contacts/retention';
import { createMailService } from '../features/mail/mail.service';
import { createNewsRepo } from '../features/news/news.repo';
import { createLogger } from '../logger';
import { createDb } from './knex';
import { MIGRATIONS } from './migrations';
import { seedDemoContent } from './seed/seed-demo';

/**
 * The API against a real PostgreSQL (DATABASE_URL): the same API as with
 * SQLite — booleans as booleans, times as ISO 8601 UTC, counts as numbers —
 * and sessions kept in the database across a restart.
 */

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY_MS = 24 * 60 * 60 * 1000;

let pg: TestPostgres | null = null;
let dataDir: string;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

const article = (n: number, extra: Record<string, unknown> = {}) => ({
  title: `Article ${n}`,
  excerpt: `Excerpt ${n}`,
  content: `## Heading ${n}\n\nBody text.`,
  category: n % 2 ? 'robotics' : 'research',
  slug: `article-${n}`,
  image_url: '',
  published: true,
  ...extra,
});

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: 'Metalúrgica do Norte',
  message: 'We need a quote for two welding cells.',
};

describe.skipIf(!postgresAvailable)(
  `PostgreSQL (DATABASE_URL)${postgresUnavailable ? ` — skipped: ${postgresUnavailable}` : ''}`,
  () => {
    beforeAll(async () => {
      pg = await startPostgres();
      dataDir = tempDataDir();
      t = await createTestApp({ DATABASE_URL: pg!.url, RATE_LIMIT_CONTACT: '0' }, dataDir);
      admin = await signedIn(t.app);
    });

    afterAll(async () => {
      await t?.close();
      await pg?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('runs the migrations and keeps sessions in PostgreSQL', async () => {
      const migrations = await t.db('knex_migrations').orderBy('id').pluck('name');
      expect(migrations).toEqual(MIGRATIONS.map(([name]) => name));
      const { rows } = await t.db.raw(
        "select table_name from information_schema.tables where table_schema = 'public' order by 1",
      );
      expect(rows.map((r: { table_name: string }) => r.table_name)).toEqual(
        expect.arrayContaining([
          'app_state',
          'audit_log',
          'contacts',
          'news',
          'news_translations',
          'rate_limits',
          'recovery_codes',
          'sessions',
          'user_sessions',
          'users',
        ]),
      );
      const sessions = await t.db('sessions').count({ n: '*' }).first();
      expect(Number(sessions?.n)).toBeGreaterThan(0);
    });

    it('signs the admin in and shows the profile', async () => {
      const login = await request(t.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
      expect(login.body).toEqual({
        data: {
          user: {
            username: TEST_ADMIN.username,
            name: null,
            language: null,
            is_admin: true,
            role: 'admin',
          },
        },
      });
      await admin.get('/api/auth/profile').expect(200, {
        data: {
          user: {
            username: TEST_ADMIN.username,
            name: null,
            language: null,
            is_admin: true,
            role: 'admin',
          },
          two_factor_enabled: false,
          two_factor_setup_required: false,
          email: null,
          pending_email: null,
          // The account ADMIN_USERNAME names.
          startup_account: true,
        },
      });
      await request(t.app)
        .post('/api/auth/login')
        .send({ ...TEST_ADMIN, password: 'wrong-password-1' })
        .expect(401);
      await request(t.app)
        .get('/healthz')
        .expect(200, { status: 'ok', database: { read: 'ok', write: 'ok' } });
    });

    it('answers 409 for a profile rename to a taken name (any case)', async () => {
      const reader = await createUser(t, 'reader');
      const agent = await signedIn(t.app, reader);
      await agent.get('/api/auth/profile').expect(200, {
        data: {
          user: { username: 'reader', name: null, language: null, is_admin: false, role: 'user' },
          two_factor_enabled: false,
          two_factor_setup_required: false,
          email: null,
          pending_email: null,
        },
      });
      await admin
        .put('/api/auth/profile')
        .send({ username: 'Reader', current_password: TEST_ADMIN.password })
        .expect(409);
    });

    describe('news', () => {
      it('creates (201) with booleans and ISO UTC times, and refuses a taken slug (409)', async () => {
        const res = await admin
          .post('/api/news')
          .send(article(1, { image_url: 'https://cdn.example.com/a.jpg' }))
          .expect(201);
        const a = res.body.data;
        expect(a).toEqual({
          id: expect.any(Number),
          title: 'Article 1',
          excerpt: 'Excerpt 1',
          content: '## Heading 1\n\nBody text.',
          category: 'robotics',
          slug: 'article-1',
          image_url: 'https://cdn.example.com/a.jpg',
          image_alt: null,
          seo_title: null,
          seo_description: null,
          social_image: null,
          published: true,
          published_at: expect.stringMatching(ISO_UTC),
          created_at: expect.stringMatching(ISO_UTC),
          updated_at: expect.stringMatching(ISO_UTC),
          language: 'en',
          source_language: 'en',
          languages: ['en'],
          translations: {},
        });
        expect(Math.abs(Date.parse(a.created_at) - Date.now())).toBeLessThan(60_000);
        const draft = await admin
          .post('/api/news')
          .send(article(2, { published: false }))
          .expect(201);
        expect(draft.body.data).toMatchObject({ published: false, published_at: null });

        const taken = await admin.post('/api/news').send(article(1)).expect(409);
        expect(taken.body).toEqual({
          error: 'This slug is already used by another article or page',
          details: { slug: 'This slug is already used by another article or page' },
        });
        await admin.put(`/api/news/${draft.body.data.id}`).send({ slug: 'article-1' }).expect(409);
      });

      it('toggles publication: published_at set on the first and kept after', async () => {
        const { body } = await admin
          .post('/api/news')
          .send(article(3, { published: false }))
          .expect(201);
        const id = body.data.id;
        const on = await admin.put(`/api/news/${id}`).send({ published: true }).expect(200);
        expect(on.body.data.published).toBe(true);
        expect(on.body.data.published_at).toMatch(ISO_UTC);
        const off = await admin.put(`/api/news/${id}`).send({ published: false }).expect(200);
        expect(off.body.data).toMatchObject({
          published: false,
          published_at: on.body.data.published_at,
        });
        const again = await admin.put(`/api/news/${id}`).send({ published: true }).expect(200);
        expect(again.body.data.published_at).toBe(on.body.data.published_at);
        expect(Date.parse(again.body.data.updated_at)).toBeGreaterThanOrEqual(
          Date.parse(on.body.data.updated_at),
        );
      });

      it('lists published articles paged, newest publication first, with the total', async () => {
        await t.db('news').delete();
        for (let n = 1; n <= 8; n++) await admin.post('/api/news').send(article(n)).expect(201);
        await admin
          .post('/api/news')
          .send(article(99, { published: false, slug: 'secret-draft' }))
          .expect(201);

        const first = await request(t.app).get('/api/news').expect(200);
        expect(first.body.data).toMatchObject({ total: 8, pages: 2, current_page: 1 });
        expect(typeof first.body.data.total).toBe('number');
        expect(first.body.data.news).toHaveLength(6);
        expect(first.body.data.news[0].slug).toBe('article-8');
        const second = await request(t.app).get('/api/news?page=2&per_page=6').expect(200);
        expect(second.body.data.news.map((a: { slug: string }) => a.slug)).toEqual([
          'article-2',
          'article-1',
        ]);
        const robotics = await request(t.app).get('/api/news?category=robotics').expect(200);
        expect(robotics.body.data.total).toBe(4);
        const all = await request(t.app).get('/api/news?per_page=50').expect(200);
        expect(all.body.data.news.every((a: { published: boolean }) => a.published === true)).toBe(
          true,
        );
      });

      it('gets by slug (drafts only for the admin) and lists drafts for the admin', async () => {
        const res = await request(t.app).get('/api/news/article-1').expect(200);
        expect(res.body.data.news).toMatchObject({ title: 'Article 1', published: true });
        expect(res.body.data.news.published_at).toMatch(ISO_UTC);
        await request(t.app).get('/api/news/secret-draft').expect(404);
        const draft = await admin.get('/api/news/secret-draft').expect(200);
        expect(draft.body.data.news).toMatchObject({ published: false, published_at: null });

        const list = await admin.get('/api/news/admin').expect(200);
        expect(list.body.data.map((a: { slug: string }) => a.slug)).toEqual([
          'secret-draft',
          ...[8, 7, 6, 5, 4, 3, 2, 1].map((n) => `article-${n}`),
        ]);
        const drafts = await admin.get('/api/news/admin?published=false').expect(200);
        expect(drafts.body.data.map((a: { slug: string }) => a.slug)).toEqual(['secret-draft']);
        const paged = await admin.get('/api/news/admin?page=3&per_page=4').expect(200);
        expect(paged.body.data.map((a: { slug: string }) => a.slug)).toEqual(['article-1']);
      });

      it('counts categories as numbers, most first', async () => {
        const res = await request(t.app).get('/api/news/categories').expect(200);
        expect(res.body.data).toEqual([
          { category: 'research', count: 4 },
          { category: 'robotics', count: 4 },
        ]);
        await admin.post('/api/news').send(article(11)).expect(201);
        const after = await request(t.app).get('/api/news/categories').expect(200);
        expect(after.body.data).toEqual([
          { category: 'robotics', count: 5 },
          { category: 'research', count: 4 },
        ]);
      });

      it('lists published articles in the sitemap with ISO lastmod', async () => {
        const res = { text: await wholeSitemap((path) => request(t.app).get(path).expect(200)) };
        const lastmods = [...res.text.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
        expect(lastmods).toHaveLength(9);
        for (const lastmod of lastmods) expect(lastmod).toMatch(ISO_UTC);
        expect(res.text).not.toContain('secret-draft');
      });

      it('splits the sitemap of articles into sections by id, each with its last change', async () => {
        const repo = createNewsRepo(t.db);
        const now = new Date().toISOString();
        const all = await repo.sitemapEntries(now);
        const sections = await repo.sitemapSections(now, 4);
        expect(sections.length).toBeGreaterThanOrEqual(Math.ceil(all.length / 4));
        const parts = [];
        for (const section of sections) {
          const part = await repo.sitemapEntries(now, { number: section.number, size: 4 });
          expect(part.length).toBeGreaterThan(0);
          expect(part.length).toBeLessThanOrEqual(4);
          expect(section.lastmod).toBe(
            part
              .map((a) => a.updated_at)
              .sort()
              .at(-1),
          );
          parts.push(...part);
        }
        expect(parts).toEqual(all);
        const index = await request(t.app).get('/sitemap.xml').expect(200);
        expect(index.text).toContain('<sitemapindex ');
      });

      it('deletes, then 404', async () => {
        const { body } = await request(t.app).get('/api/news/article-1').expect(200);
        const id = body.data.news.id;
        await admin.delete(`/api/news/${id}`).expect(200, { data: { id } });
        await admin.delete(`/api/news/${id}`).expect(404, { error: 'Article not found' });
        await request(t.app).get('/api/news/article-1').expect(404);
      });
    });

    describe('contacts', () => {
      const submit = (body: object) => request(t.app).post('/api/contacts').send(body);

      it('stores unicode verbatim, lists, marks read and deletes', async () => {
        await t.db('contacts').delete();
        const res = await submit({
          name: '  Jürgen Müller 🤖  ',
          email: ' j@example.de ',
          company: '   ',
          message: '  Grüße aus Köln — bitte um Rückruf. 日本語 𝄞  ',
        }).expect(201);
        const id = res.body.data.id;
        expect(id).toEqual(expect.any(Number));
        const stored = await admin.get(`/api/contacts/${id}`).expect(200);
        expect(stored.body.data).toEqual({
          id,
          name: 'Jürgen Müller 🤖',
          email: 'j@example.de',
          company: null,
          message: 'Grüße aus Köln — bitte um Rückruf. 日本語 𝄞',
          language: 'en',
          read: false,
          replied_at: null,
          reply_failed: false,
          spam: false,
          spam_reasons: [],
          created_at: expect.stringMatching(ISO_UTC),
          source_path: null,
          source_title: null,
          due_at: expect.stringMatching(ISO_UTC),
          assignee: null,
          thread: [
            {
              kind: 'enquiry',
              at: stored.body.data.created_at,
              by: null,
              by_name: null,
              text: 'Grüße aus Köln — bitte um Rückruf. 日本語 𝄞',
            },
          ],
          earlier: [],
        });
        const second = (await submit(enquiry).expect(201)).body.data.id;

        const list = await admin.get('/api/contacts').expect(200);
        expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([second, id]);
        expect(list.body.data[0]).toMatchObject({ ...enquiry, read: false });

        const read = await admin.put(`/api/contacts/${id}/read`).send({ read: true }).expect(200);
        expect(read.body.data.read).toBe(true);
        const unread = await admin.get('/api/contacts?read=false').expect(200);
        expect(unread.body.data.map((c: { id: number }) => c.id)).toEqual([second]);
        const readOnes = await admin.get('/api/contacts?read=true').expect(200);
        expect(
          readOnes.body.data.map((c: { id: number; read: boolean }) => [c.id, c.read]),
        ).toEqual([[id, true]]);

        await admin.delete(`/api/contacts/${second}`).expect(200, { data: { id: second } });
        await admin.get(`/api/contacts/${second}`).expect(404);
      });

      it("counts total, unread, last 7 days and 30 zero-filled days, the company's", async () => {
        await t.db('contacts').delete();
        const now = new Date();
        // The company's days: its time zone, Lisbon by default.
        const { bounds } = statsDays(now, 'Europe/Lisbon');
        const day = (iso: string) => zoneDay(iso, 'Europe/Lisbon');
        const start = Date.parse(bounds[0]!); // midnight in Lisbon, 29 days ago
        const at = (ms: number) => new Date(ms).toISOString();
        const rows = [
          at(start - 1), // the millisecond before the window: not counted
          at(start), // the first moment of the window's first day
          at(Date.parse(bounds[1]!) - 1), // the last moment of that day
          at(now.getTime() - 10 * DAY_MS),
          at(now.getTime() - 6 * DAY_MS),
        ];
        for (const created_at of rows) {
          await t.db('contacts').insert({ ...enquiry, read: true, created_at });
        }
        await submit(enquiry).expect(201);
        await submit(enquiry).expect(201);

        const res = await admin.get('/api/contacts/stats').expect(200);
        const { total, unread, last_7_days, per_day } = res.body.data;
        expect({ total, unread, last_7_days }).toEqual({ total: 7, unread: 2, last_7_days: 3 });
        expect(per_day).toHaveLength(30);
        const dates = per_day.map((d: { date: string }) => d.date);
        expect(dates[0]).toBe(day(at(start)));
        expect(dates.at(-1)).toBe(day(now.toISOString()));
        for (let i = 1; i < 30; i++) {
          expect(Date.parse(dates[i]) - Date.parse(dates[i - 1])).toBe(DAY_MS);
        }
        const count = (iso: string) =>
          per_day.find((d: { date: string }) => d.date === day(iso)).count;
        expect(per_day[0].count).toBe(2);
        expect(count(at(now.getTime() - 10 * DAY_MS))).toBe(1);
        expect(count(at(now.getTime() - 6 * DAY_MS))).toBe(1);
        expect(per_day.at(-1).count).toBe(2);
        expect(per_day.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(6);
        expect(per_day.filter((d: { count: number }) => d.count === 0)).toHaveLength(26);
      });
    });

    describe('the inbox that keeps the 24-hour promise', () => {
      const ago = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();
      /** Received `hours` ago, due 24 hours later (the rule the site follows by default). */
      const arrived = (hours: number) => ({ created_at: ago(hours), due_at: ago(hours - 24) });
      const submit = (body: object) => request(t.app).post('/api/contacts').send(body);

      it('tracks replies and the spam folder, counts unreplied and overdue, and exports CSV', async () => {
        await t.db('contacts').delete();
        await t.db('contacts').insert([
          { ...enquiry, name: 'Overdue', read: false, ...arrived(30) },
          { ...enquiry, name: 'Due soon', read: false, ...arrived(21) },
          { ...enquiry, name: 'Answered', read: true, ...arrived(40), replied_at: ago(39) },
        ]);
        const fresh = (await submit({ ...enquiry, language: 'pt' }).expect(201)).body.data.id;
        const spam = (await submit({ ...enquiry, message: 'http://spam.example/x' }).expect(201))
          .body.data.id;

        const replied = await admin.put(`/api/contacts/${fresh}/replied`).send({}).expect(200);
        expect(replied.body.data).toMatchObject({ language: 'pt', read: true, spam: false });
        expect(replied.body.data.replied_at).toMatch(ISO_UTC);
        const stats = (await admin.get('/api/contacts/stats').expect(200)).body.data;
        expect(stats).toMatchObject({ total: 4, unread: 2, unreplied: 2, overdue: 1, spam: 1 });

        const order = await admin.get('/api/contacts?sort=unreplied').expect(200);
        expect(order.body.data.map((c: { name: string }) => c.name)).toEqual([
          'Due soon',
          'Overdue',
          enquiry.name,
          'Answered',
        ]);
        const folder = await admin.get('/api/contacts?spam=true').expect(200);
        expect(folder.body.data).toMatchObject([
          { id: spam, spam: true, spam_reasons: ['url-only', 'links'] },
        ]);
        await admin.put(`/api/contacts/${spam}/spam`).send({ spam: false }).expect(200);
        expect((await admin.get('/api/contacts/stats').expect(200)).body.data.spam).toBe(0);

        const csv = await admin.get('/api/contacts/export').buffer(true).expect(200);
        expect(csv.text.split('\r\n')).toHaveLength(7);
        expect(csv.text).toContain(',pt,true,');
        const due = await admin.get('/api/contacts?sort=due').expect(200);
        // Open ones by due time (the one back from spam is due last), then the answered ones.
        expect(due.body.data.map((c: { name: string }) => c.name)).toEqual([
          'Overdue',
          'Due soon',
          enquiry.name,
          'Answered',
          enquiry.name,
        ]);
      });

      it('exports every enquiry newest first in batches, even where times are equal', async () => {
        await t.db('contacts').delete();
        const rows = exportRows(EXPORT_BATCH * 2 + 3);
        for (let i = 0; i < rows.length; i += 100) {
          await t.db('contacts').insert(rows.slice(i, i + 100));
        }
        const res = await admin.get('/api/contacts/export').buffer(true).expect(200);
        expect(csvNames(res.text)).toEqual(expectedExportOrder(await t.db('contacts').select()));
      });

      it('deletes enquiries past the retention period, one instance at a time', async () => {
        await t.db('contacts').delete();
        await t.db('contacts').insert([
          { ...enquiry, name: 'Old', read: false, created_at: ago(24 * 100) },
          { ...enquiry, name: 'Recent', read: false, created_at: ago(24 * 80) },
          { ...enquiry, name: 'Old spam', read: false, spam: true, created_at: ago(24 * 31) },
          { ...enquiry, name: 'New spam', read: false, spam: true, created_at: ago(24 * 29) },
        ]);
        const second = createDb({ dataDir, databaseUrl: pg!.url });
        try {
          const logger = createLogger({ logLevel: 'silent' });
          const spamDays = async () => 30;
          const jobs = [t.db, second].map((db) =>
            createRetentionJob({
              db,
              days: 90,
              spamDays,
              mail: createMailService({ db, config: t.config }),
              logger,
            }),
          );
          const removed = await Promise.all(jobs.map((job) => job.runOnce()));
          expect(removed.map((r) => r.enquiries + r.spam).sort()).toEqual([0, 2]);
          expect((await t.db('contacts').pluck('name')).sort()).toEqual(['New spam', 'Recent']);
        } finally {
          await second.destroy();
        }
      });
    });

    it('keeps a session across an app restart on the same database', async () => {
      const login = await request(t.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      await t.close();
      t = await createTestApp({ DATABASE_URL: pg!.url, RATE_LIMIT_CONTACT: '0' }, dataDir);
      const res = await request(t.app).get('/api/auth/profile').set('Cookie', cookie).expect(200);
      expect(res.body.data.user).toEqual({
        username: TEST_ADMIN.username,
        name: null,
        language: null,
        is_admin: true,
        role: 'admin',
      });
      // The news written before the restart are still there.
      const news = await request(t.app).get('/api/news').expect(200);
      expect(news.body.data.total).toBe(8);
    });

    it('seeds the demo articles into an empty table, in one transaction', async () => {
      await t.db('news').delete();
      const at = new Date('2025-03-10T12:00:00.000Z');
      const added = await seedDemoContent(t.db, at);
      expect(added).toBeGreaterThan(0);
      expect(await seedDemoContent(t.db, at)).toBe(0);
      const res = await request(t.app).get('/api/news?per_page=50').expect(200);
      expect(res.body.data.total).toBe(added);
      const times = res.body.data.news.map((a: { published_at: string }) => a.published_at);
      for (const time of times) expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
      expect([...times].sort().reverse()).toEqual(times);
    });
  },
);
