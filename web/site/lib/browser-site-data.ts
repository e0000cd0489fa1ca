import type { Article, NewsList } from '#shared/news';
import type { SiteData } from '#shared/site-data';
import { api, ApiError } from '../../common/api';

/** The public pages' data in the browser: the JSON API through the one fetch wrapper. */
export const browserSiteData: SiteData = {
  listNews: ({ page, perPage }) => api<NewsList>('/news', { query: { page, per_page: perPage } }),
  async getArticle(slug) {
    try {
      const { news } = await api<{ news: Article }>(`/news/${encodeURIComponent(slug)}`);
      return news;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  /**
   * Never called in the browser: the contact route's action serves only the
   * form posted without JavaScript, which the server renders. With JavaScript
   * the form sends through `sendContact` and never submits to the router.
   */
  submitContact: () =>
    Promise.reject(
      new Error('The contact action runs on the server; the browser uses sendContact'),
    ),
};
