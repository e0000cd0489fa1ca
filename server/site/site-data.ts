import { contactValues, type ContactSubmission } from '#shared/contact';
import type { Language } from '#shared/languages';
import type { SiteData } from '#shared/site-data';
import { SLUG_PATTERN } from '#shared/slug';
import { AppError } from '../errors';
import type { ContactsService } from '../features/contacts/contacts.service';
import type { NewsService } from '../features/news/news.service';
import { errorResponse } from '../http/error-response';

type Services = { news: NewsService; contacts: ContactsService };

/**
 * The public pages' data, read straight from the services (no HTTP round
 * trip). `refusal` is what the request's guards (origin check, rate limit)
 * said about a posted contact form; the form then shows it instead of sending.
 */
export function serverSiteData(
  { news, contacts }: Services,
  { language, refusal }: { language: Language; refusal?: unknown },
): SiteData {
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
