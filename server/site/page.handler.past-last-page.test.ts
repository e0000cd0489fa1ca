import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '#shared/analytics';
import { createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';

/**
 * A news page past the last (`/news?page=99`) is no page of the list: it
 * answers 404, is not indexed, names no canonical address, is not counted as
 * a view of the news, and leads back to the list's first page, in every
 * form of address (unprefixed, `?lang=`, `/pt`, `/de`).
 */
const HOST = 'www.forge.test';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

const read = (path: string) =>
  request(t.app).get(path).set('Host', HOST).set('User-Agent', BROWSER);

async function newsViews(): Promise<number> {
  const report = (await admin.get('/api/analytics?days=7').expect(200)).body
    .data as AnalyticsReport;
  return report.pages.find((p) => p.path === '/news')?.views ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app);
  // Seven articles: two pages of six.
  for (let i = 1; i <= 7; i++) {
    await admin
      .post('/api/news')
      .send({
        title: `Article ${i}`,
        excerpt: 'Excerpt',
        content: 'Body',
        category: 'robotics',
        slug: `article-${i}`,
        published: true,
      })
      .expect(201);
  }
});
afterAll(() => t.destroy());

describe('a news page past the last', () => {
  it.each([
    ['/news?page=99', 'en', 'There are no articles on this page.', 'Go to the first page'],
    ['/news?page=3&lang=pt', 'pt', 'Não há artigos nesta página.', 'Ir para a primeira página'],
    ['/pt/news?page=3', 'pt', 'Não há artigos nesta página.', 'Ir para a primeira página'],
    ['/de/news?page=99', 'de', 'Auf dieser Seite gibt es keine Artikel.', 'Zur ersten Seite'],
  ])('%s answers 404, not indexed, with a link to page 1', async (path, lang, empty, first) => {
    const res = await read(path).expect(404);
    expect(res.text).toContain(`<html lang="${lang}">`);
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect(res.text).not.toContain('rel="canonical"');
    expect(res.text).not.toContain('hreflang=');
    expect(res.text).toContain(empty);
    const list = path.split('?')[0]!;
    expect(res.text).toMatch(new RegExp(`<a [^>]*href="${list}"[^>]*>[^<]*${first}`));
    // Never kept: asked again, it is rendered again.
    expect((await read(path).expect(404)).headers['x-cache']).toBeUndefined();
  });

  it('is not counted as a view of the news; the pages of the list are', async () => {
    const before = await newsViews();
    await read('/news?page=99').expect(404);
    await read('/pt/news?page=3').expect(404);
    await read('/de/news?page=99&lang=de').expect(404);
    expect(await newsViews()).toBe(before);
    await read('/news?page=2').expect(200);
    await read('/de/news').expect(200);
    expect(await newsViews()).toBe(before + 2);
  });

  it('leaves the last page and an empty list as they were: 200, indexed', async () => {
    const last = await read('/pt/news?page=2').expect(200);
    expect(last.text).toContain('Article 1');
    expect(last.text).toContain(`<link rel="canonical" href="http://${HOST}/pt/news?page=2">`);
    expect(last.text).not.toContain('noindex');
  });
});
