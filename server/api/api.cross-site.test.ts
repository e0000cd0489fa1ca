import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../../tests/support/test-app';
import { registeredRoutes, stateDigest as snapshot } from '../../tests/support/api-routes';

const FORBIDDEN: Array<[string, Record<string, string>, 'json' | 'text' | 'form', number]> = [
  ['a foreign Origin', { Origin: 'https://evil.example' }, 'json', 403],
  ['a null Origin', { Origin: 'null' }, 'json', 403],
  ['Sec-Fetch-Site cross-site without Origin', { 'Sec-Fetch-Site': 'cross-site' }, 'json', 403],
  ['Sec-Fetch-Site same-site without Origin', { 'Sec-Fetch-Site': 'same-site' }, 'json', 403],
  ['a text/plain body', {}, 'text', 415],
  ['a form-urlencoded body', {}, 'form', 415],
];

let t: TestApp;
let actors: Array<[string, () => request.Agent | ReturnType<typeof request>]>;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_REGISTRATION: 'true', RATE_LIMIT_CONTACT: '0' });
  const admin = await signedIn(t.app);
  await admin
    .post('/api/news')
    .send({ title: 'T', excerpt: 'E', content: 'C', category: 'research', slug: 'target' })
    .expect(201);
  await request(t.app)
    .post('/api/contacts')
    .send({ name: 'Ana Silva', email: 'ana@example.pt', message: 'A message long enough.' })
    .expect(201);
  const reader = await signedIn(t.app, await createUser(t, 'reader'));
  actors = [
    ['anonymous', () => request(t.app)],
    ['a non-admin', () => reader],
    ['the admin', () => admin],
  ];
});
afterAll(() => t.destroy());

describe('cross-site writes are impossible on every API route', () => {
  it('finds the state-changing routes in the router', () => {
    const routes = registeredRoutes(t.app).filter((r) => r.method !== 'GET');
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/login/2fa',
        'PUT /api/auth/profile',
        'DELETE /api/auth/sessions/others',
        'POST /api/auth/2fa/setup',
        'POST /api/news',
        'PUT /api/news/:id',
        'DELETE /api/contacts/:id',
        'PUT /api/contacts/:id/read',
        'POST /api/llm/generate-news-content',
      ]),
    );
  });

  it('refuses every forbidden header combination, for every actor, changing nothing', async () => {
    const routes = registeredRoutes(t.app).filter((r) => r.method !== 'GET');
    const before = await snapshot(t);
    const seen: string[] = [];
    for (const { method, path } of routes) {
      const url = path.replace(/:[a-z]+/g, '1');
      for (const [who, client] of actors) {
        for (const [name, headers, body, status] of FORBIDDEN) {
          let req = client()[method.toLowerCase() as 'post'](url).set(headers);
          if (body === 'json') req = req.send({ read: true, published: true, username: 'x' });
          if (body === 'text') req = req.set('Content-Type', 'text/plain').send('{"read":true}');
          if (body === 'form') req = req.type('form').send('read=true&published=true');
          const res = await req;
          seen.push(`${method} ${url} ${who} ${name}: ${res.status}`);
          expect(res.status, `${method} ${url} as ${who} with ${name}`).toBe(status);
          expect(res.body.error).toBeTruthy();
        }
      }
    }
    expect(seen.length).toBe(routes.length * actors.length * FORBIDDEN.length);
    expect(await snapshot(t)).toBe(before);
    // Every route, many times over: on a loaded machine this takes longer than one call's test.
  }, 120_000);

  it('answers 415 in the visitor’s language, and lets JSON, same-origin and header-less calls through', async () => {
    const res = await request(t.app)
      .post('/api/contacts?lang=de')
      .set('Content-Type', 'text/plain')
      .send('hello')
      .expect(415);
    expect(res.body.error).toBeTruthy();
    const enquiry = {
      name: 'Ana Silva',
      email: 'ana@example.pt',
      message: 'A message long enough.',
    };
    await request(t.app).post('/api/contacts').send(enquiry).expect(201);
    await request(t.app)
      .post('/api/contacts')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(enquiry)
      .expect(201);
    await request(t.app)
      .post('/api/contacts')
      .set('Sec-Fetch-Site', 'none')
      .send(enquiry)
      .expect(201);
    // A body-less POST (fetch sends no Content-Type) is fine, and so is a
    // body-less DELETE that names JSON anyway, as the web client's wrapper does.
    await request(t.app).post('/api/auth/logout').expect(200);
    const admin = await signedIn(t.app);
    const { body: list } = await admin.get('/api/contacts').expect(200);
    await admin
      .delete(`/api/contacts/${list.data[0].id}`)
      .set('Content-Type', 'application/json')
      .expect(200);
  });

  it('allows multipart only on the declared upload paths', async () => {
    const res = await request(t.app).post('/api/contacts').field('name', 'Ana').expect(415);
    expect(res.body).toEqual({ error: 'Send the request body as JSON' });
  });

  it('keeps the no-JavaScript contact form under the same origin check', async () => {
    const count = async () => Number((await t.db('contacts').count({ n: '*' }).first())?.n);
    const before = await count();
    const form = 'name=Ana+Silva&email=ana%40example.pt&message=A+message+long+enough.';
    await request(t.app)
      .post('/contact')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(form)
      .expect(403);
    await request(t.app)
      .post('/contact')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send(form)
      .expect(403);
    expect(await count()).toBe(before);
    await request(t.app)
      .post('/contact')
      .set('Origin', 'http://127.0.0.1')
      .set('Host', '127.0.0.1')
      .type('form')
      .send(form)
      .expect(303);
    expect(await count()).toBe(before + 1);
  });

  it('signs in from the own origin', async () => {
    await request(t.app)
      .post('/api/auth/login')
      .set('Host', '127.0.0.1:3000')
      .set('Origin', 'http://127.0.0.1:3000')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(TEST_ADMIN)
      .expect(200);
  });
});
