import type { RequestHandler } from 'express';
import { categoryLabel } from '#shared/categories';
import type { NewsService } from '../features/news/news.service';
import type { PagesService } from '../features/news/pages.service';
import type { PublicOrigin } from '../http/public-origin';
import type { SiteTextsService } from '../features/site-texts/site-texts.service';
import { requestLanguage } from '../i18n';
import { robotsTxt, rssXml, sitemapIndexXml, sitemapXml } from './feeds';

const RSS_ITEMS = 20;
/** How long shared caches may keep a feed (the sitemap, RSS). */
const FEED_MAX_AGE = 300;

type FeedDeps = { news: NewsService; origin: PublicOrigin };

/** A feed's max-age: never past the next scheduled publication, which must appear on time. */
async function feedCaching(news: NewsService): Promise<string> {
  const wait = await news.untilNextPublication();
  const seconds = wait === null ? FEED_MAX_AGE : Math.min(FEED_MAX_AGE, Math.floor(wait / 1000));
  return `public, max-age=${Math.max(0, seconds)}`;
}

/** The sitemap of the site's own pages and the pages of the company (About us, Careers). */
export const PAGES_SITEMAP = '/sitemap-pages.xml';
/** The `n`-th sitemap of articles, from 1 (news.service.ts: SITEMAP_SECTION_SIZE ids each). */
export const newsSitemap = (n: number) => `/sitemap-news-${n}.xml`;
const NEWS_SITEMAP = /^\/sitemap-news-([1-9]\d{0,5})\.xml$/;

/** The latest of some times (ISO 8601), or null for none. */
const latest = (times: (string | null)[]) =>
  times.reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);

type SitemapDeps = FeedDeps & { pages: PagesService };

/**
 * `/sitemap.xml`: the index of the sitemaps, each with its last change: the
 * pages' (which changes with any article too, as the news list does), then
 * one per section of articles.
 */
export function sitemapHandler({ news, pages, origin }: SitemapDeps): RequestHandler {
  return async (req, res) => {
    const [sections, own] = await Promise.all([news.sitemapSections(), pages.sitemapEntries()]);
    const files = [
      {
        path: PAGES_SITEMAP,
        lastmod: latest([...own.map((p) => p.updated_at), ...sections.map((s) => s.lastmod)]),
      },
      ...sections.map((section) => ({
        path: newsSitemap(section.number),
        lastmod: section.lastmod,
      })),
    ];
    res
      .set('Cache-Control', await feedCaching(news))
      .type('application/xml')
      .send(sitemapIndexXml(origin.of(req), files));
  };
}

/**
 * The sitemaps of the index: `/sitemap-pages.xml` and `/sitemap-news-N.xml`
 * (a section without public articles is not found, as any other address).
 */
export function sitemapFileHandler({ news, pages, origin }: SitemapDeps): RequestHandler {
  return async (req, res, next) => {
    const section = NEWS_SITEMAP.exec(req.path)?.[1];
    if (req.path !== PAGES_SITEMAP && section === undefined) return next();
    const entries =
      section === undefined
        ? await pages.sitemapEntries()
        : await news.sitemapEntries(Number(section));
    if (section !== undefined && entries.length === 0) return next();
    res
      .set('Cache-Control', await feedCaching(news))
      .type('application/xml')
      .send(sitemapXml(origin.of(req), entries, { sitePages: section === undefined }));
  };
}

export function robotsHandler({ origin }: Pick<FeedDeps, 'origin'>): RequestHandler {
  return (req, res) => {
    res
      .set('Cache-Control', 'public, max-age=3600')
      .type('text/plain')
      .send(robotsTxt(origin.of(req)));
  };
}

export function rssHandler({
  news,
  origin,
  texts,
}: FeedDeps & { texts: Pick<SiteTextsService, 'snapshot'> }): RequestHandler {
  return async (req, res) => {
    const language = requestLanguage(req);
    // The company's name as its site texts have it.
    const t = (await texts.snapshot()).translator(language);
    // The latest articles alone: a feed shows no total (counting every public one grows with them).
    const articles = await news.latestPublished({ limit: RSS_ITEMS, language });
    const text = {
      title: `${t('meta.siteName')} — ${t('news.title')}`,
      description: t('news.description'),
      language,
      category: (stored: string) => categoryLabel(stored, t),
    };
    res
      // The feed speaks the language of `?lang=` or the cookie: shared caches must key on both.
      .set({ 'Cache-Control': await feedCaching(news), Vary: 'Cookie' })
      .type('application/rss+xml')
      .send(rssXml(origin.of(req), text, articles));
  };
}
