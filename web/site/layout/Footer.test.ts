import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithCareers } from '../../../tests/support/site-pages';
import type { TestApp } from '../../../tests/support/test-app';

/**
 * The footer as the server sends it (the real app): without JavaScript, or
 * when the scripts fail, the language menu and the mobile menu cannot open,
 * so the footer's plain links must reach this page in each language and
 * every page of the menus.
 */
const HOST = 'www.forge.test';
let t: TestApp;

const footerOf = async (path: string, status = 200) => {
  const html = (await request(t.app).get(path).set('Host', HOST).expect(status)).text;
  // The site's footer is the page's last (an article has a footer of its own).
  return html.slice(html.lastIndexOf('<footer'), html.lastIndexOf('</footer>'));
};
/** The footer's language links: `[href, hreflang, lang, text]` each. */
const languageLinks = (footer: string) =>
  [...footer.matchAll(/<a href="([^"]*)" hrefLang="(\w+)" lang="(\w+)"[^>]*>([^<]*)<\/a>/g)].map(
    (m) => m.slice(1),
  );
const linkTexts = (footer: string) =>
  [...footer.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);

beforeAll(async () => {
  let admin;
  ({ t, admin } = await appWithCareers());
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

describe('the footer', () => {
  it('links this page in each language, marked with its language, the current one said so', async () => {
    expect(languageLinks(await footerOf('/de/careers'))).toEqual([
      ['/en/careers', 'en', 'en', 'English'],
      ['/pt/careers', 'pt', 'pt', 'Português'],
      ['/de/careers', 'de', 'de', 'Deutsch'],
    ]);
    expect(await footerOf('/de/careers')).toMatch(
      /<a href="\/de\/careers"[^>]*aria-current="true"/,
    );
    expect(languageLinks(await footerOf('/news?page=2&lang=pt'))).toEqual([
      ['/en/news?page=2', 'en', 'en', 'English'],
      ['/pt/news?page=2', 'pt', 'pt', 'Português'],
      ['/de/news?page=2', 'de', 'de', 'Deutsch'],
    ]);
    expect(languageLinks(await footerOf('/')).map(([href]) => href)).toEqual(['/en', '/pt', '/de']);
    expect(languageLinks(await footerOf('/article-3')).map(([href]) => href)).toEqual([
      '/en/article-3',
      '/pt/article-3',
      '/de/article-3',
    ]);
  });

  it('links every page of the header’s menu, in the header’s order', async () => {
    const links = linkTexts(await footerOf('/de/contact'));
    expect(links.slice(0, 6)).toEqual([
      'Startseite',
      'Neuigkeiten',
      'Karriere',
      'Kontakt',
      'Datenschutz',
      'RSS-Feed',
    ]);
    expect(await footerOf('/de/contact')).toContain('href="/de/careers"');
  });
});
