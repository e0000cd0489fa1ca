import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';

/**
 * A share link of a draft as the server renders it (`/preview/<token>`, one
 * address without a language prefix): private, never indexed, and its
 * language menu leads to the same draft in each language.
 */

const HOST = 'www.forge.test';
let t: TestApp;
let token: string;

const get = (path: string) => request(t.app).get(path).set('Host', HOST);

/** The language menu's links, by language (`hreflang` on each item). */
function menuLinks(html: string): Record<string, string> {
  const start = html.indexOf('role="menu"');
  const menu = html.slice(start, html.indexOf('</ul>', start));
  return Object.fromEntries(
    [...menu.matchAll(/<a href="([^"]+)" hrefLang="([a-z]+)"/gi)].map(([, href, lang]) => [
      lang!,
      href!.replaceAll('&amp;', '&'),
    ]),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedIn(t.app);
  const draft = await admin
    .post('/api/news')
    .send({
      title: 'Draft cell',
      excerpt: 'Excerpt',
      content: 'English body',
      category: 'robotics',
      slug: 'draft-cell',
      translations: {
        pt: { title: 'Célula em rascunho', excerpt: 'Resumo', content: 'Corpo em português' },
        de: { title: 'Entwurfszelle', excerpt: 'Auszug', content: 'Deutscher Text' },
      },
    })
    .expect(201);
  const link = await admin.post(`/api/news/${draft.body.data.id}/previews`).send({}).expect(201);
  token = link.body.data.token;
});
afterAll(() => t.destroy());

const ARTICLE_OUT = {
  title: 'Cell out now',
  excerpt: 'Excerpt',
  content: 'Out now',
  category: 'robotics',
};

describe('a share link', () => {
  it('links each language of its menu to the draft in that language, all answering 200', async () => {
    const page = await get(`/preview/${token}`).expect(200);
    const links = menuLinks(page.text);
    expect(Object.keys(links).sort()).toEqual(['de', 'en', 'pt']);
    const titles = { en: 'Draft cell', pt: 'Célula em rascunho', de: 'Entwurfszelle' };
    for (const [language, href] of Object.entries(links)) {
      expect(href, language).toBe(`/preview/${token}?lang=${language}`);
      const res = await get(href).expect(200);
      expect(res.text, href).toContain(`<html lang="${language}">`);
      expect(res.text, href).toContain(titles[language as keyof typeof titles]);
      expect(res.headers['cache-control'], href).toContain('private');
      // From a language, the menu leads on to the others the same way.
      expect(menuLinks(res.text).de).toBe(`/preview/${token}?lang=de`);
    }
  });

  it('says the draft is a draft, and never that it was published', async () => {
    const page = await get(`/preview/${token}`).expect(200);
    expect(page.text).toContain('Draft — not public');
    // The line itself (the page's catalogue, sent along, holds the words too).
    const publishedLine = /Published on(<!-- -->)? ?<time/;
    expect(page.text).not.toMatch(publishedLine);
    const admin = await signedIn(t.app);
    await admin
      .post('/api/news')
      .send({ ...ARTICLE_OUT, slug: 'cell-out-now', published: true })
      .expect(201);
    expect((await get('/cell-out-now').expect(200)).text).toMatch(publishedLine);
  });

  it('carries no hreflang alternates, nor a canonical address', async () => {
    for (const path of [`/preview/${token}`, `/preview/${token}?lang=pt`]) {
      const res = await get(path).expect(200);
      expect(res.text, path).toContain('<meta name="robots" content="noindex">');
      expect(res.text, path).not.toMatch(/<link rel="(alternate" hreflang|canonical)/);
    }
  });
});

describe('a share link to a language version not published', () => {
  const kinds = [
    { kind: 'article', api: '/api/news', extra: { excerpt: 'Excerpt', category: 'robotics' } },
    { kind: 'page', api: '/api/pages', extra: {} },
  ];
  for (const { kind, api, extra } of kinds) {
    it(`marks the ${kind}'s draft language as a draft, and the public ones not`, async () => {
      const admin = await signedIn(t.app);
      const created = await admin
        .post(api)
        .send({
          title: 'Careers',
          content: 'We hire welders.',
          ...extra,
          slug: `careers-${kind}`,
          published: true,
          translations: {
            pt: {
              title: 'Carreiras',
              excerpt: 'Resumo',
              content: 'Contratamos.',
              published: false,
            },
          },
        })
        .expect(201);
      const link = await admin.post(`${api}/${created.body.data.id}/previews`).send({}).expect(201);
      const address = `/preview/${link.body.data.token}`;
      const portuguese = await get(`${address}?lang=pt`).expect(200);
      expect(portuguese.text).toContain('Carreiras');
      expect(portuguese.text).toMatch(
        /data-testid="draft-banner"[^>]*>Esta versão linguística é um rascunho/,
      );
      const english = await get(`${address}?lang=en`).expect(200);
      expect(english.text).not.toContain('data-testid="draft-banner"');
    });
  }
});
