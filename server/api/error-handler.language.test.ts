import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';

/**
 * The admin's API answers speak the language the admin is shown in, which it
 * sends as `X-Language`: the shared `language` cookie may say another, set by
 * a public page the admin opened ("View on site" on the Portuguese tab sets
 * `language=pt`). Public pages and feeds keep following the address and the
 * cookie, whatever the header says.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

const article = {
  title: 'Sprachwahl',
  excerpt: 'Excerpt',
  content: 'Body',
  category: 'research',
  slug: 'language-of-answers',
  published: true,
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app);
  await admin.post('/api/news').send(article).expect(201);
});
afterAll(() => t.destroy());

describe('the language of API answers', () => {
  it('follows X-Language over a language=pt cookie: errors, field details, a 409', async () => {
    const taken = await admin
      .post('/api/news')
      .set('Cookie', 'language=pt')
      .set('X-Language', 'de')
      .send(article)
      .expect(409);
    expect(taken.body.error).toBe(
      'Dieser Slug wird bereits von einem anderen Artikel oder einer anderen Seite verwendet',
    );

    const invalid = await admin
      .post('/api/news')
      .set('Cookie', 'language=pt')
      .set('X-Language', 'de')
      .send({ ...article, title: '', slug: 'another-slug' })
      .expect(400);
    expect(invalid.body.error).toBe(
      'Bitte korrigieren Sie die Fehler im Formular, bevor Sie es absenden.',
    );
    expect(invalid.body.details.title).toBe('Titel ist erforderlich');

    const missing = await request(t.app)
      .get('/api/nothing-here')
      .set('Cookie', 'language=pt')
      .set('X-Language', 'de')
      .expect(404);
    expect(missing.body.error).toBe('API-Endpunkt nicht gefunden');
  });

  it('keeps ?lang= first, and the cookie when the header is missing or no language', async () => {
    const asked = await request(t.app)
      .get('/api/nothing-here?lang=en')
      .set('Cookie', 'language=pt')
      .set('X-Language', 'de')
      .expect(404);
    expect(asked.body.error).toBe('API endpoint not found');
    for (const header of [undefined, 'fr', 'de, en', 'DE']) {
      const req = request(t.app).get('/api/nothing-here').set('Cookie', 'language=pt');
      const res = await (header === undefined ? req : req.set('X-Language', header)).expect(404);
      expect(res.body.error).toBe('Endpoint da API não encontrado');
    }
  });

  it('leaves public pages and feeds to the address and the cookie', async () => {
    for (let i = 0; i < 2; i++) {
      // Twice: rendered, then from the page cache.
      const page = await request(t.app)
        .get('/news')
        .set('Cookie', 'language=pt')
        .set('X-Language', 'de')
        .expect(200);
      expect(page.text).toMatch(/<html lang="pt"/);
      expect(String(page.headers.vary ?? '')).not.toMatch(/x-language/i);
    }
    const feed = await request(t.app)
      .get('/rss.xml')
      .set('Cookie', 'language=pt')
      .set('X-Language', 'de')
      .expect(200);
    expect(feed.text).toContain('<language>pt</language>');
  });
});
