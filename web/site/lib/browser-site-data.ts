import { contactValues, type ContactSubmission } from '#shared/contact';
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
