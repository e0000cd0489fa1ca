import { escapeHtml } from '#shared/html';
import { articlePath, localizedPath } from '#shared/language-paths';
import { LANGUAGES, type Language } from '#shared/languages';
import type { Article } from '#shared/news';

/** Top-level public pages listed in the sitemap besides the articles. */
export const PUBLIC_PAGES = ['/', '/news', '/contact', '/privacy'] as const;

type SitemapArticle = { slug: string; updated_at: string; languages: Language[] };

/**
 * One `<url>` per language version of a page, each naming every version
 * (itself included) as an `xhtml:link` alternate, and the unprefixed address,
 * which follows the visitor's choice, as `x-default`.
 */
function languageVersions(base: string, path: string, languages: readonly Language[], extra = '') {
  // Each address escaped once: a sitemap file holds thousands of them.
  const hrefs = languages.map((l) => `${base}${escapeHtml(localizedPath(l, path))}`);
  let alternates = '';
  for (let i = 0; i < languages.length; i++) {
    alternates += `<xhtml:link rel="alternate" hreflang="${languages[i]}" href="${hrefs[i]}"/>`;
  }
  alternates += `<xhtml:link rel="alternate" hreflang="x-default" href="${base}${escapeHtml(path)}"/>`;
  return hrefs.map((href) => `<url><loc>${href}</loc>${extra}${alternates}</url>`);
}

const URLSET =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">';

/**
 * A sitemap of the index (`/sitemap-pages.xml`, `/sitemap-news-N.xml`):
 * every language version of the site's own pages (with `sitePages`) and of
 * each article or page given (only in the languages it is public in), each
 * article or page with its `lastmod`.
 */
export function sitemapXml(
  origin: string,
  articles: SitemapArticle[],
  { sitePages = false }: { sitePages?: boolean } = {},
): string {
  const base = escapeHtml(origin);
  const pages = sitePages ? PUBLIC_PAGES.flatMap((p) => languageVersions(base, p, LANGUAGES)) : [];
  const posts = articles.flatMap((a) => {
    const lastmod = `<lastmod>${escapeHtml(new Date(a.updated_at).toISOString())}</lastmod>`;
    return languageVersions(base, articlePath(a.slug), a.languages, lastmod);
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', URLSET, ...pages, ...posts, '</urlset>'].join(
    '\n',
  );
}

/** A sitemap the index names: its address on the site and its last change (if any). */
export type SitemapFile = { path: string; lastmod: string | null };

/**
 * `/sitemap.xml`: a sitemap index (sitemaps.org) naming the sitemaps that
 * together list every language version of every public page.
 */
export function sitemapIndexXml(origin: string, files: SitemapFile[]): string {
  const base = escapeHtml(origin);
  const entries = files.map(({ path, lastmod }) => {
    const when = lastmod ? `<lastmod>${escapeHtml(new Date(lastmod).toISOString())}</lastmod>` : '';
    return `<sitemap><loc>${base}${escapeHtml(path)}</loc>${when}</sitemap>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</sitemapindex>',
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

type FeedText = {
  title: string;
  description: string;
  language: Language;
  /** The label of a stored category in the feed's language. */
  category: (stored: string) => string;
};

/**
 * `/rss.xml?lang=`: an RSS 2.0 feed of the latest published articles in one
 * language (each in its source language where it lacks that one), linking to
 * the pages of that language.
 */
export function rssXml(origin: string, text: FeedText, articles: Article[]): string {
  const base = escapeHtml(origin);
  const items = articles.map((a) => {
    const link = `${base}${escapeHtml(articlePath(a.slug, text.language))}`;
    const date = new Date(a.published_at ?? a.created_at).toUTCString();
    return [
      '<item>',
      `<title>${escapeHtml(a.title)}</title>`,
      `<link>${link}</link>`,
      `<guid isPermaLink="true">${link}</guid>`,
      `<pubDate>${date}</pubDate>`,
      `<category>${escapeHtml(text.category(a.category))}</category>`,
      `<description>${escapeHtml(a.excerpt)}</description>`,
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeHtml(text.title)}</title>`,
    `<link>${base}${localizedPath(text.language, '/news')}</link>`,
    `<description>${escapeHtml(text.description)}</description>`,
    `<language>${escapeHtml(text.language)}</language>`,
    `<atom:link href="${base}/rss.xml?lang=${text.language}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
}
