import { contactValues, type ContactSubmission } from '#shared/contact';
import type { Article, NewsList } from '#shared/news';
import type { SiteData } from '#shared/site-data';
import { api, ApiError } from '../../common/api';

/**
 * The public pages' data in the browser: the JSON API through the one fetch
 * wrapper, articles in the language asked for (`?lang=`), else in the
 * visitor's stored choice (the `language` cookie the API reads).
 */
export const browserSiteData: SiteData = {
  listNews: ({ page, perPage, language }) =>
    api<NewsList>('/news', { query: { page, per_page: perPage, lang: language } }),
  async getArticle(slug, { language } = {}) {
    try {
      const { news } = await api<{ news: Article }>(`/news/${encodeURIComponent(slug)}`, {
        query: { lang: language },
      });
      return news;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  async submitContact(input): Promise<ContactSubmission> {
    try {
      await api('/contacts', { method: 'POST', body: input });
      return { status: 'sent' };
    } catch (error) {
      const values = contactValues(input);
      if (error instanceof ApiError && error.status === 400 && error.details) {
        return { status: 'invalid', values, errors: error.details };
      }
      if (error instanceof ApiError) {
        return { status: 'failed', values, message: error.message, httpStatus: error.status };
      }
      throw error;
    }
  },
};
