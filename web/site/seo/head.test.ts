import { describe, expect, it } from 'vitest';
import type { Article } from '#shared/news';
import { createI18n, toResources } from '#shared/i18n';
import en from '../../../locales/en.json';
import pt from '../../../locales/pt.json';
import de from '../../../locales/de.json';
import { buildHead, canonicalUrl, hreflangLinks } from './head';

const i18n = createI18n('en', toResources({ en, pt, de }));
const t = i18n.t.bind(i18n) as (key: string) => string;
const origin = 'https://forge.example';

const article: Article = {
  id: 1,
  title: 'Robots & "gears" <fast>',
  excerpt: 'Short summary',
  content: 'Body',
  category: 'robotics',
  slug: 'robots-gears',
  image_url: 'https://cdn.example/robot.jpg',
  published: true,
  published_at: '2026-03-04T10:00:00.000Z',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-05T10:00:00.000Z',
};

const head = (over: Partial<Parameters<typeof buildHead>[0]>) =>
  buildHead({
    pageId: 'home',
    origin,
    path: '/',
    search: '',
    language: 'en',
    t,
    article: null,
    ...over,
  });

describe('canonicalUrl', () => {
  it('keeps only a page number above 1 on the news list, and a valid ?lang=', () => {
    expect(canonicalUrl(origin, '/news', '?page=3&lang=de')).toBe(`${origin}/news?page=3&lang=de`);
    expect(canonicalUrl(origin, '/pt-article', '?lang=pt&utm_source=x')).toBe(
      `${origin}/pt-article?lang=pt`,
    );
    expect(canonicalUrl(origin, '/news', '?page=2&lang=fr')).toBe(`${origin}/news?page=2`);
    expect(canonicalUrl(origin, '/news', '?page=1')).toBe(`${origin}/news`);
    expect(canonicalUrl(origin, '/news', '?page=abc')).toBe(`${origin}/news`);
    expect(canonicalUrl(origin, '/contact', '?page=2')).toBe(`${origin}/contact`);
  });
});

describe('hreflangLinks', () => {
  it('offers every language through ?lang= and an x-default without it', () => {
    const links = hreflangLinks(`${origin}/news?page=2`).join('');
    expect(links).toContain(`hreflang="pt" href="${origin}/news?page=2&amp;lang=pt"`);
    expect(links).toContain(`hreflang="de" href="${origin}/news?page=2&amp;lang=de"`);
    expect(links).toContain(`hreflang="x-default" href="${origin}/news?page=2"`);
  });
});

describe('buildHead', () => {
  it('gives the home page its title, description, canonical link and website card', () => {
    const html = head({});
    expect(html).toContain(
      '<title>Forge Industrial | AI software &amp; robotics for industry</title>',
    );
    expect(html).toMatch(/<meta name="description" content="Forge Industrial builds/);
    expect(html).toContain(`<link rel="canonical" href="${origin}/">`);
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).not.toContain('ld+json');
  });

  it('names a page asked for in a language as its own canonical, with the neutral x-default', () => {
    const html = head({ pageId: 'news', path: '/news', search: '?page=2&lang=pt', language: 'pt' });
    expect(html).toContain(`<link rel="canonical" href="${origin}/news?page=2&amp;lang=pt">`);
    expect(html).toContain(`hreflang="pt" href="${origin}/news?page=2&amp;lang=pt"`);
    expect(html).toContain(`hreflang="x-default" href="${origin}/news?page=2"`);
    expect(html).toContain(`<meta property="og:url" content="${origin}/news?page=2&amp;lang=pt">`);
  });

  it('describes an article with escaped social cards and NewsArticle JSON-LD', () => {
    const html = head({ pageId: 'article', path: '/robots-gears', article });
    expect(html).toContain(
      '<title>Robots &amp; &quot;gears&quot; &lt;fast&gt; | Forge Industrial</title>',
    );
    expect(html).toContain('<meta property="og:image" content="https://cdn.example/robot.jpg">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).not.toContain('<');
    const data = JSON.parse(json) as Record<string, unknown>;
    expect(data['@type']).toBe('NewsArticle');
    expect(data.headline).toBe(article.title);
    expect(data.datePublished).toBe(article.published_at);
  });

  it('falls back to the shipped image when an article has none', () => {
    const html = head({ pageId: 'article', path: '/x', article: { ...article, image_url: null } });
    expect(html).toContain(`content="${origin}/media/news-default.jpg"`);
  });

  it('keeps not-found pages out of search engines and without canonical links', () => {
    for (const html of [
      head({ pageId: 'not-found', path: '/nope' }),
      head({ pageId: 'article' }),
    ]) {
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
    }
  });

  it('writes the title in the page language', () => {
    const german = createI18n('de', toResources({ en, pt, de }));
    const html = head({
      pageId: 'news',
      path: '/news',
      language: 'de',
      t: german.t.bind(german) as (k: string) => string,
    });
    expect(html).toContain('<title>Neuigkeiten | Forge Industrial</title>');
    expect(html).toContain('<meta property="og:locale" content="de_DE">');
  });
});
