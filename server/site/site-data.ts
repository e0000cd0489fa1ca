import { contactValues, type ContactSubmission } from '#shared/contact';
import type { SiteData } from '#shared/site-data';
import { SLUG_PATTERN } from '#shared/slug';
import { AppError } from '../errors';
import type { ContactsService } from '../features/contacts/contacts.service';
import type { NewsService } from '../features/news/news.service';

type Services = { news: NewsService; contacts: ContactsService };

/**
 * The public pages' data, read straight from the services (no HTTP round
 * trip). `contactLimited` is set when this visitor is over the contact limit.
 */
export function serverSiteData(
  { news, contacts }: Services,
  options: { contactLimited?: boolean } = {},
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
      if (options.contactLimited) {
        return { status: 'failed', values, message: 'apiErrors.tooManyContacts' };
      }
      try {
        await contacts.submit(input);
        return { status: 'sent' };
      } catch (error) {
        if (error instanceof AppError && error.status === 400 && error.details) {
          return { status: 'invalid', values, errors: error.details };
        }
        throw error;
      }
    },
  };
}
