import { contactValues, type ContactSubmission } from '#shared/contact';
import type { Language } from '#shared/languages';
import type { SiteData } from '#shared/site-data';
import { SLUG_PATTERN } from '#shared/slug';
import { AppError } from '../errors';
import type { ContactsService } from '../features/contacts/contacts.service';
import type { NewsService } from '../features/news/news.service';
import type { PreviewsService } from '../features/news/previews.service';
import { errorResponse } from '../http/error-response';

type Services = { news: NewsService; previews: PreviewsService; contacts: ContactsService };

type PageContext = {
  language: Language;
  /** What the request's guards (origin check, rate limit) said about a posted contact form. */
  refusal?: unknown;
  /** A signed-in admin: drafts and scheduled articles are shown too. */
  admin?: boolean;
  /** Called when the page shows something visitors may not see (a draft, a shared preview). */
  onPrivate?: () => void;
};

/**
 * The public pages' data, read straight from the services (no HTTP round
 * trip), articles in the page's `language` unless a call names another.
 * `refusal` is what the request's guards (origin check, rate limit) said
 * about a posted contact form; the form then shows it instead of sending.
 */
export function serverSiteData(
  { news, previews, contacts }: Services,
  { language, refusal, admin = false, onPrivate }: PageContext,
): SiteData {
  return {
    listNews: ({ page, perPage, language: asked }) =>
      news.listPublished({ page, perPage, language: asked ?? language }),
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
      const visible = await find(false);
      if (visible || !admin) return visible;
      const draft = await find(true);
      if (draft) onPrivate?.();
      return draft;
    },
    async getPreview(token, { language: asked } = {}) {
      onPrivate?.();
      return previews.article(token, asked ?? language);
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
