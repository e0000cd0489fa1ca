import { contactValues, type ContactSubmission } from '#shared/contact';
import type { Language } from '#shared/languages';
import type { SiteData } from '#shared/site-data';
import { SLUG_PATTERN } from '#shared/slug';
import { AppError } from '../errors';
import type { ContactsService } from '../features/contacts/contacts.service';
import type { NewsService } from '../features/news/news.service';
import type { PreviewsService } from '../features/news/previews.service';
import { errorResponse, toAppError } from '../http/error-response';

type Services = { news: NewsService; previews: PreviewsService; contacts: ContactsService };

type PageContext = {
  language: Language;
  /** What the request's guards (origin check, rate limit) said about a posted contact form. */
  refusal?: unknown;
  /** A signed-in admin: drafts and scheduled articles are shown too. */
  admin?: boolean;
  /** Called when the page shows something visitors may not see (a draft, a shared preview). */
  onPrivate?: () => void;
  /**
   * Called when a read fails because the database cannot answer now
   * (unreachable, busy): the page's loaders show their own error state, but
   * the page as a whole is then the site's 503 error page (page.handler.ts).
   */
  onUnavailable?: (error: unknown) => void;
};

/**
 * The public pages' data, read straight from the services (no HTTP round
 * trip), articles in the page's `language` unless a call names another.
 * `refusal` is what the request's guards (origin check, rate limit) said
 * about a posted contact form; the form then shows it instead of sending.
 */
export function serverSiteData(
  { news, previews, contacts }: Services,
  { language, refusal, admin = false, onPrivate, onUnavailable }: PageContext,
): SiteData {
  const read = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (toAppError(error)?.status === 503) onUnavailable?.(error);
      throw error;
    }
  };
  return {
    listNews: ({ page, perPage, language: asked }) =>
      read(() => news.listPublished({ page, perPage, language: asked ?? language })),
    async getArticle(slug, { language: asked } = {}) {
      if (!SLUG_PATTERN.test(slug)) return null;
      const find = async (includeDrafts: boolean) => {
        try {
          return await news.getBySlug(slug, { includeDrafts, language: asked ?? language });
        } catch (error) {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        }
      };
      const visible = await read(() => find(false));
      if (visible || !admin) return visible;
      const draft = await read(() => find(true));
      if (draft) onPrivate?.();
      return draft;
    },
    async getPreview(token, { language: asked } = {}) {
      onPrivate?.();
      return read(() => previews.article(token, asked ?? language));
    },
    async submitContact(input): Promise<ContactSubmission> {
      const values = contactValues(input);
      try {
        if (refusal) throw refusal;
        await contacts.submit(input, { language });
        return { status: 'sent' };
      } catch (error) {
        const answer = errorResponse(error, language);
        if (!answer.expected) throw error;
        if (answer.details) return { status: 'invalid', values, errors: answer.details };
        return { status: 'failed', values, message: answer.error, httpStatus: answer.status };
      }
    },
  };
}
