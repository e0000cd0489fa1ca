import { escapeHtml } from '#shared/html';
import type { Article } from '#shared/news';
import { LANGUAGES } from '#shared/languages';

/** Top-level public pages listed in the sitemap besides the articles. */
export const PUBLIC_PAGES = ['/', '/news', '/contact'] as const;

type SitemapEntry = { slug: string; updated_at: string; published_at: string };

function alternates(url: string): string {
  const sep = url.includes('?') ? '&amp;' : '?';
  const links = LANGUAGES.map(
    (lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${url}${sep}lang=${lang}"/>`,
  );
  return [...links, `<xhtml:link rel="alternate" hreflang="x-default" href="${url}"/>`].join('');
}

/** `/sitemap.xml`: the public pages and every published article, with language alternates. */
export function sitemapXml(origin: string, articles: SitemapEntry[]): string {
  const base = escapeHtml(origin);
  const pages = PUBLIC_PAGES.map(
    (p) => `<url><loc>${base}${p}</loc>${alternates(`${base}${p}`)}</url>`,
  );
  const posts = articles.map((a) => {
    const loc = `${base}/${escapeHtml(a.slug)}`;
    const lastmod = escapeHtml(new Date(a.updated_at || a.published_at).toISOString());
    return `<url><loc>${loc}</loc><lastmod>${lastmod}</lastmod>${alternates(loc)}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...pages,
    ...posts,
    '</urlset>',
  ].join('\n');
}

/** `/robots.txt`: everything public may be crawled; the admin area and API may not. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /login',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

type FeedText = { title: string; description: string; language: string };

/** `/rss.xml`: an RSS 2.0 feed of the latest published articles. */
export function rssXml(origin: string, text: FeedText, articles: Article[]): string {
  const base = escapeHtml(origin);
  const items = articles.map((a) => {
    const link = `${base}/${escapeHtml(a.slug)}`;
    const date = new Date(a.published_at ?? a.created_at).toUTCString();
    return [
      '<item>',
      `<title>${escapeHtml(a.title)}</title>`,
      `<link>${link}</link>`,
      `<guid isPermaLink="true">${link}</guid>`,
      `<pubDate>${date}</pubDate>`,
      `<category>${escapeHtml(a.category)}</category>`,
      `<description>${escapeHtml(a.excerpt)}</description>`,
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeHtml(text.title)}</title>`,
    `<link>${base}/news</link>`,
    `<description>${escapeHtml(text.description)}</description>`,
    `<language>${escapeHtml(text.language)}</language>`,
    `<atom:link href="${base}/rss.xml" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
}
