import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRouters, registeredRoutes, stateDigest } from '../../tests/support/api-routes';
import { testClock } from '../../tests/support/clock';
import { createTestApp, signedIn, TEST_ADMIN, type TestApp } from '../../tests/support/test-app';

/**
 * One address, one meaning: routes match case-sensitively and strictly, so
 * no other spelling of an API path (`/API/…`, `/api/NEWS/…`, a trailing
 * slash) reaches a route past the checks written for its one spelling (the
 * page cache's, the request log's, the sessions').
 */

const DAY_MS = 86_400_000;
const clock = testClock();
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let articleId: number;
let contactId: number;

const article = {
  title: 'Routing draft',
  excerpt: 'Excerpt',
  content: 'Body',
  category: 'research',
  slug: 'routing-draft',
};
const auditCount = async () => Number((await t.db('audit_log').count({ n: '*' }).first())?.n);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CONTACT: '0', LOG_LEVEL: 'info' }, undefined, { clock });
  admin = await signedIn(t.app);
  articleId = (
    await admin
      .post('/api/news')
      .send({ ...article, published: true })
      .expect(201)
  ).body.data.id;
  contactId = (
    await request(t.app)
      .post('/api/contacts')
      .send({ name: 'Ana Silva', email: 'ana@example.pt', message: 'A message long enough.' })
      .expect(201)
  ).body.data.id;
});
afterAll(() => t.destroy());

describe('routing', () => {
  it('makes every router of the app case-sensitive and strict', () => {
    const routers = allRouters(t.app);
    expect(routers.length).toBeGreaterThan(10);
    expect(routers.filter((r) => !r.caseSensitive || !r.strict)).toEqual([]);
  });

  it('answers 404 to every other spelling of every API route, changing and recording nothing', async () => {
    const before = await stateDigest(t);
    const entries = await auditCount();
    const seen: string[] = [];
    for (const { method, path } of registeredRoutes(t.app)) {
      const url = path.replace(/:[A-Za-z]+/g, String(articleId));
      const firstUpper = url.replace(
        /^\/api\/([a-z])/,
        (_m, c: string) => `/api/${c.toUpperCase()}`,
      );
      for (const variant of [url.toUpperCase(), firstUpper, `${url}/`]) {
        const call = admin[method.toLowerCase() as 'post'](variant);
        const res = await (method === 'GET' ? call : call.send({ published: false, read: true }));
        seen.push(`${method} ${variant} ${res.status}`);
        expect(res.status, `${method} ${variant}`).toBe(404);
      }
    }
    expect(seen.length).toBeGreaterThan(60);
    expect(await stateDigest(t)).toBe(before);
    expect(await auditCount()).toBe(entries);
    // Every route, many times over: on a loaded machine this takes longer than one call's test.
  }, 120_000);

  it('deletes and exports nothing through a trailing slash', async () => {
    const entries = await auditCount();
    await admin.delete(`/api/news/${articleId}/`).expect(404);
    await admin.delete(`/api/contacts/${contactId}/`).expect(404);
    const csv = await admin.get('/api/contacts/export/').expect(404);
    expect(csv.type).toBe('application/json');
    expect(await t.db('news').where({ id: articleId }).first()).toBeTruthy();
    expect(await t.db('contacts').where({ id: contactId }).first()).toBeTruthy();
    expect(await auditCount()).toBe(entries);
  });

  it('does not unpublish through PUT /api/NEWS/:id behind the page cache’s back', async () => {
    const list = async () =>
      (await request(t.app).get('/api/news').expect(200)).body.data.news.map(
        (a: { slug: string }) => a.slug,
      );
    expect(await list()).toContain(article.slug);
    await admin.put(`/api/NEWS/${articleId}`).send({ published: false }).expect(404);
    await admin.put(`/api/news/${articleId}/`).send({ published: false }).expect(404);
    expect((await t.db('news').where({ id: articleId }).first()).published).toBeTruthy();
    expect(await list()).toContain(article.slug);
    // The one real spelling unpublishes, and the cached list follows at once.
    await admin.put(`/api/news/${articleId}`).send({ published: false }).expect(200);
    expect(await list()).not.toContain(article.slug);
  });

  it('answers POST /API/auth/login with 404, not a 500 after recording a sign-in', async () => {
    const entries = await auditCount();
    const res = await request(t.app).post('/API/auth/login').send(TEST_ADMIN);
    expect(res.status).toBe(404);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await auditCount()).toBe(entries);
  });

  it('shows a share link only at its own address, and no spelling shows it after it expired', async () => {
    const draft = await admin
      .post('/api/news')
      .send({ ...article, title: 'Secret draft text', slug: 'secret-draft' })
      .expect(201);
    const link = await admin
      .post(`/api/news/${draft.body.data.id}/previews`)
      .send({ expires_in_days: 1 })
      .expect(201);
    const { token } = link.body.data;
    const spellings = [
      `/API/previews/${token}`,
      `/api/PREVIEWS/${token}`,
      `/api/previews/${token}/`,
      `/PREVIEW/${token}`,
      `/Preview/${token}`,
      `/preview/${token}/`,
    ];
    const read = (path: string) => request(t.app).get(path);
    expect((await read(`/api/previews/${token}`).expect(200)).text).toContain('Secret draft text');
    // Each spelling twice: a second read would come from the page cache if the first were kept.
    for (const path of spellings) {
      for (let i = 0; i < 2; i++) {
        const res = await read(path);
        if (res.status === 200) {
          expect(res.headers['cache-control'], path).toContain('private');
          expect(res.headers['x-cache'], path).toBeUndefined();
        }
        if (path.startsWith('/api/') || path.startsWith('/API/'))
          expect(res.status, path).toBe(404);
      }
    }
    clock.advance(2 * DAY_MS);
    for (const path of [`/api/previews/${token}`, `/preview/${token}`, ...spellings]) {
      const res = await read(path);
      expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('Secret draft text');
    }
    const logs = await t.logs();
    expect(logs).toContain('[token]');
    expect(logs).not.toContain(token);
  });
});
