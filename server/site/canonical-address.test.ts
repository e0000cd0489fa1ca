import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
let slug: string;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  slug = (await t.db('news').where({ published: true }).orderBy('id').first('slug')).slug;
});
afterAll(() => t.destroy());

const get = (path: string) => request(t.app).get(path).set('Host', 'www.forge.test');

describe('a page asked for in another spelling', () => {
  it('answers 301 to its own address, query kept', async () => {
    for (const [asked, own] of [
      ['/news/', '/news'],
      ['/news/?page=2', '/news?page=2'],
      ['/News', '/news'],
      ['/PT/news', '/pt/news'],
      ['/de/Contact/', '/de/contact'],
      [`/${slug.toUpperCase()}`, `/${slug}`],
      ['/pt/', '/pt'],
    ]) {
      const res = await get(asked!).expect(301);
      expect(res.headers.location, asked).toBe(own);
    }
    const own = await get('/news').expect(200);
    expect(own.text).toContain('<link rel="canonical" href="http://www.forge.test/news">');
  });

  it('leaves the API, media, share links and addresses that would leave the site alone', async () => {
    for (const other of ['/API/NEWS', '/Media/1/x.jpg', '/assets/Missing.js', '/PREVIEW/AbC']) {
      expect((await get(other)).status, other).toBe(404);
    }
    const token = 'AbCdEfGhIjKlMnOpQrStUv';
    expect((await get(`/preview/${token}`)).status).toBe(404);
    for (const away of ['//evil.example/', '//evil/', '/\\evil.example/']) {
      const res = await get(away);
      expect(res.status, away).not.toBe(301);
      expect(res.headers.location, away).toBeUndefined();
    }
    await get('/').expect(200);
  });
});
