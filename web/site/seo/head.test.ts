import { describe, expect, it } from 'vitest';
import type { Language } from '#shared/languages';
import type { Article } from '#shared/news';
import { createI18n, toResources } from '#shared/i18n';
import en from '../../../locales/en.json';
import pt from '../../../locales/pt.json';
import de from '../../../locales/de.json';
import { HERO_POSTER } from '../pages/home/hero-media';
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
  image_alt: null,
  seo_title: null,
  seo_description: null,
  social_image: null,
  published: true,
  published_at: '2026-03-04T10:00:00.000Z',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-05T10:00:00.000Z',
  language: 'en',
  source_language: 'en',
  languages: ['en'],
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
  it('names the language of a prefixed address, and keeps only a page number above 1 on the news list', () => {
    expect(canonicalUrl(origin, '/de/news', '?page=3')).toBe(`${origin}/de/news?page=3`);
    expect(canonicalUrl(origin, '/pt/pt-article', '?utm_source=x')).toBe(`${origin}/pt/pt-article`);
    expect(canonicalUrl(origin, '/pt', '')).toBe(`${origin}/pt`);
    expect(canonicalUrl(origin, '/en/news', '?page=1')).toBe(`${origin}/en/news`);
    expect(canonicalUrl(origin, '/de/contact', '?page=2')).toBe(`${origin}/de/contact`);
  });

  it('sends an older ?lang= address to the prefixed one, and keeps a neutral address neutral', () => {
    expect(canonicalUrl(origin, '/news', '?page=3&lang=de')).toBe(`${origin}/de/news?page=3`);
    expect(canonicalUrl(origin, '/', '?lang=pt')).toBe(`${origin}/pt`);
    expect(canonicalUrl(origin, '/news', '?page=2&lang=fr')).toBe(`${origin}/news?page=2`);
    expect(canonicalUrl(origin, '/news', '?page=abc')).toBe(`${origin}/news`);
    expect(canonicalUrl(origin, '/french', '')).toBe(`${origin}/french`);
  });
});

describe('hreflangLinks', () => {
  it('offers the prefixed address of each language and an x-default without a prefix', () => {
    const links = hreflangLinks(origin, '/news?page=2').join('');
    expect(links).toContain(`hreflang="en" href="${origin}/en/news?page=2"`);
    expect(links).toContain(`hreflang="pt" href="${origin}/pt/news?page=2"`);
    expect(links).toContain(`hreflang="de" href="${origin}/de/news?page=2"`);
    expect(links).toContain(`hreflang="x-default" href="${origin}/news?page=2"`);
    expect(hreflangLinks(origin, '/').join('')).toContain(`hreflang="pt" href="${origin}/pt"`);
  });

  it('offers only the languages given', () => {
    const links = hreflangLinks(origin, '/a', ['en', 'de']).join('');
    expect(links).not.toContain('hreflang="pt"');
    expect(links).toContain(`hreflang="de" href="${origin}/de/a"`);
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

  it('fetches the hero still with the home page, as its largest paint, and on no other page', () => {
    const preload = `<link rel="preload" as="image" href="${HERO_POSTER}" fetchpriority="high">`;
    expect(head({})).toContain(preload);
    expect(head({ pageId: 'news', path: '/news' })).not.toContain('rel="preload"');
  });

  it('names a page in a language as its own canonical, with its siblings and the neutral x-default', () => {
    const html = head({ pageId: 'news', path: '/pt/news', search: '?page=2', language: 'pt' });
    expect(html).toContain(`<link rel="canonical" href="${origin}/pt/news?page=2">`);
    expect(html).toContain(`hreflang="pt" href="${origin}/pt/news?page=2"`);
    expect(html).toContain(`hreflang="de" href="${origin}/de/news?page=2"`);
    expect(html).toContain(`hreflang="x-default" href="${origin}/news?page=2"`);
    expect(html).toContain(`<meta property="og:url" content="${origin}/pt/news?page=2">`);
    expect(html).toContain('<meta property="og:locale" content="pt_PT">');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_GB">');
    expect(html).toContain('<meta property="og:locale:alternate" content="de_DE">');
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

  it('links an article only to the languages it exists in, with their locales', () => {
    const translated = { ...article, languages: ['en', 'de'] as Language[] };
    const html = head({ pageId: 'article', path: '/en/robots-gears', article: translated });
    expect(html).toContain(`<link rel="canonical" href="${origin}/en/robots-gears">`);
    expect(html).toContain(`hreflang="de" href="${origin}/de/robots-gears"`);
    expect(html).toContain(`hreflang="x-default" href="${origin}/robots-gears"`);
    expect(html).not.toContain('hreflang="pt"');
    expect(html).toContain('<meta property="og:locale:alternate" content="de_DE">');
    expect(html).not.toContain('pt_PT');
  });

  it('points an article shown in a language it lacks to its source language page', () => {
    const german = createI18n('de', toResources({ en, pt, de }));
    const html = head({
      pageId: 'article',
      path: '/de/robots-gears',
      language: 'de',
      t: german.t.bind(german) as (k: string) => string,
      article: { ...article, category: 'AI Innovation', languages: ['en', 'pt'] },
    });
    expect(html).toContain(`<link rel="canonical" href="${origin}/en/robots-gears">`);
    expect(html).not.toContain('hreflang="de"');
    expect(html).toContain('<meta property="og:locale" content="en_GB">');
    expect(html).toContain('<meta property="og:locale:alternate" content="pt_PT">');
    expect(html).toContain('<meta property="article:section" content="KI-Innovation">');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    const data = JSON.parse(json) as Record<string, unknown>;
    expect(data).toMatchObject({ inLanguage: 'en', articleSection: 'KI-Innovation' });
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

  it('keeps a shared preview out of search engines, with its title and nothing to share', () => {
    const html = head({ pageId: 'preview', path: '/preview/abc', article });
    expect(html).toContain(
      '<title>Robots &amp; &quot;gears&quot; &lt;fast&gt; | Forge Industrial</title>',
    );
    expect(html).toContain('<meta name="robots" content="noindex">');
    for (const tag of ['rel="canonical"', 'hreflang', 'og:', 'twitter:', 'ld+json']) {
      expect(html).not.toContain(tag);
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
