import type { Language } from '#shared/languages';
import type { HeroMedia } from '#shared/media';
import type { Article, NewsList } from '#shared/news';
import type { NavPage, Page } from '#shared/pages';
import type { PreviewDocument } from '#shared/previews';
import type { SiteData } from '#shared/site-data';
import { renderedLanguage } from './language';

/** The fetch wrapper, fetched with the first page change: a first visit reads the server's data. */
const client = () => import('../../common/api');

/** The language the page shows now (`<html lang>`, which every language change updates). */
const shownLanguage = () => renderedLanguage(document);

/** One read of the API (`/news/{slug}`, `/pages/{slug}`, `/previews/{token}`), or null for a 404. */
async function readOne<T>(path: string, language: Language): Promise<T | null> {
  const { api, ApiError } = await client();
  try {
    return await api<T>(path, { query: { lang: language } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The public pages' data in the browser: the JSON API through the one fetch
 * wrapper, articles in the language asked for (a prefixed page's), else in
 * the language the page shows (an unprefixed page follows the visitor's choice).
 */
export const browserSiteData: SiteData = {
  async listNews({ page, perPage, language = shownLanguage() }) {
    const { api } = await client();
    return api<NewsList>('/news', { query: { page, per_page: perPage, lang: language } });
  },
  getArticle: async (slug, { language = shownLanguage() } = {}) =>
    (await readOne<{ news: Article }>(`/news/${encodeURIComponent(slug)}`, language))?.news ?? null,
  getPage: async (slug, { language = shownLanguage() } = {}) =>
    (await readOne<{ page: Page }>(`/pages/${encodeURIComponent(slug)}`, language))?.page ?? null,
  getPreview: (token, { language = shownLanguage() } = {}) =>
    readOne<PreviewDocument>(`/previews/${encodeURIComponent(token)}`, language),
  async navigation() {
    const { api } = await client();
    return api<NavPage[]>('/pages/navigation');
  },
  async heroMedia() {
    const { api } = await client();
    return api<HeroMedia>('/media/hero');
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
