import type { RequestHandler } from 'express';
import { createI18n, toResources } from '#shared/i18n';
import type { NewsService } from '../features/news/news.service';
import en from '../../locales/en.json' with { type: 'json' };
import pt from '../../locales/pt.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import { robotsTxt, rssXml, sitemapXml } from './feeds';
import { requestLanguage } from './language';
import { requestOrigin } from './page.handler';

const resources = toResources({ en, pt, de });
const RSS_ITEMS = 20;

export function sitemapHandler(news: NewsService): RequestHandler {
  return async (req, res) => {
    const entries = await news.sitemapEntries();
    res
      .set('Cache-Control', 'public, max-age=300')
      .type('application/xml')
      .send(sitemapXml(requestOrigin(req), entries));
  };
}

export function robotsHandler(): RequestHandler {
  return (req, res) => {
    res
      .set('Cache-Control', 'public, max-age=3600')
      .type('text/plain')
      .send(robotsTxt(requestOrigin(req)));
  };
}

export function rssHandler(news: NewsService): RequestHandler {
  return async (req, res) => {
    const language = requestLanguage(req.query.lang, req.headers.cookie);
    const t = createI18n(language, resources).t;
    const { news: articles } = await news.listPublished({ page: 1, perPage: RSS_ITEMS });
    const text = {
      title: `${t('meta.siteName')} — ${t('news.title')}`,
      description: t('news.description'),
      language,
    };
    res
      .set('Cache-Control', 'public, max-age=300')
      .type('application/rss+xml')
      .send(rssXml(requestOrigin(req), text, articles));
  };
}
