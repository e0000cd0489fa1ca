import type { RequestHandler } from 'express';
import { categoryLabel } from '#shared/categories';
import type { NewsService } from '../features/news/news.service';
import type { PagesService } from '../features/news/pages.service';
import type { PublicOrigin } from '../http/public-origin';
import type { SiteTextsService } from '../features/site-texts/site-texts.service';
import { requestLanguage } from '../i18n';
import { robotsTxt, rssXml, sitemapXml } from './feeds';

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

export function sitemapHandler({
  news,
  pages,
  origin,
}: FeedDeps & { pages: PagesService }): RequestHandler {
  return async (req, res) => {
    // Pages first, after the site's own: they are its lasting addresses.
    const entries = [...(await pages.sitemapEntries()), ...(await news.sitemapEntries())];
    res
      .set('Cache-Control', await feedCaching(news))
      .type('application/xml')
      .send(sitemapXml(origin.of(req), entries));
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
    const { news: articles } = await news.listPublished({
      page: 1,
      perPage: RSS_ITEMS,
      language,
    });
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
