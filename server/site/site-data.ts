import type { SiteData } from '#shared/site-data';
import { SLUG_PATTERN } from '#shared/slug';
import { AppError } from '../errors';
import type { NewsService } from '../features/news/news.service';

/** The public pages' data, read straight from the news service (no HTTP round trip). */
export function serverSiteData(news: NewsService): SiteData {
  return {
    listNews: ({ page, perPage }) => news.listPublished({ page, perPage }),
    async getArticle(slug) {
      if (!SLUG_PATTERN.test(slug)) return null;
      try {
        return await news.getBySlug(slug, { includeDrafts: false });
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
