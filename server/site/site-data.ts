import { contactValues, type ContactSubmission } from '#shared/contact';
import type { Language } from '#shared/languages';
import type { Article } from '#shared/news';
import type { Page } from '#shared/pages';
import type { SiteData } from '#shared/site-data';
import { SLUG_PATTERN } from '#shared/slug';
import { AppError } from '../errors';
import type { ContactsService } from '../features/contacts/contacts.service';
import type { MediaService } from '../features/media/media.service';
import type { NewsService } from '../features/news/news.service';
import type { PagesService } from '../features/news/pages.service';
import type { PreviewsService } from '../features/news/previews.service';
import { errorResponse, toAppError } from '../http/error-response';

type Services = {
  news: NewsService;
  /** The home page's hero (without it, the site's own video and still). */
  media?: Pick<MediaService, 'hero'>;
  pages: PagesService;
  previews: PreviewsService;
  contacts: ContactsService;
};

type PageContext = {
  language: Language;
  /** What the request's guards (origin check, rate limit) said about a posted contact form. */
  refusal?: unknown;
  /**
   * What signed-in staff may see before it is out, by kind (their role's
   * capabilities: `articles`, `content` for pages): drafts, scheduled ones
   * and unpublished translations are shown too.
   */
  drafts?: { articles: boolean; pages: boolean };
  /** Called when the page shows something visitors may not see (a draft, a shared preview). */
  onPrivate?: () => void;
  /**
   * Called when a read fails because the database cannot answer now
   * (unreachable, busy): the page's loaders show their own error state, but
   * the page as a whole is then the site's 503 error page (page.handler.ts).
   */
  onUnavailable?: (error: unknown) => void;
};

const NO_DRAFTS = { articles: false, pages: false };

/** Null for a 404 of the service (no such article or page, or not for this visitor). */
async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The public pages' data, read straight from the services (no HTTP round
 * trip), articles and pages in the page's `language` unless a call names
 * another. Staff read them with drafts and unpublished translations (the
 * page then says so, and is kept private). `refusal` is what the request's
 * guards (origin check, rate limit) said about a posted contact form; the
 * form then shows it instead of sending.
 */
export function serverSiteData(
  { news, pages, previews, contacts, media }: Services,
  { language, refusal, drafts = NO_DRAFTS, onPrivate, onUnavailable }: PageContext,
): SiteData {
  /** Any read: a database that cannot answer now makes the whole page the 503 error page. */
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (toAppError(error)?.status === 503) onUnavailable?.(error);
      throw error;
    }
  };

  /**
   * A read of one article or page for visitors; for staff, with what is not
   * public yet (a draft, a scheduled one, a translation not published), and
   * then the page is private.
   */
  async function read<T extends Article | Page>(
    slug: string,
    staff: boolean,
    find: (opts: { includeDrafts: boolean; withTranslations: boolean }) => Promise<T>,
  ): Promise<T | null> {
    if (!SLUG_PATTERN.test(slug)) return null;
    const visible = await guarded(() =>
      orNull(() => find({ includeDrafts: false, withTranslations: false })),
    );
    if (!staff) return visible;
    const shown = await guarded(() =>
      orNull(() => find({ includeDrafts: true, withTranslations: true })),
    );
    if (shown && (!visible || visible.language !== shown.language)) onPrivate?.();
    return shown;
  }

  return {
    listNews: ({ page, perPage, language: asked }) =>
      guarded(() => news.listPublished({ page, perPage, language: asked ?? language })),
    getArticle: (slug, { language: asked } = {}) =>
      read(slug, drafts.articles, (opts) =>
        news.getBySlug(slug, { ...opts, language: asked ?? language }),
      ),
    getPage: (slug, { language: asked } = {}) =>
      read(slug, drafts.pages, (opts) =>
        pages.getBySlug(slug, { ...opts, language: asked ?? language }),
      ),
    async getPreview(token, { language: asked } = {}) {
      onPrivate?.();
      return guarded(() => previews.document(token, asked ?? language));
    },
    navigation: () => guarded(() => pages.navigation()),
    heroMedia: () =>
      media ? guarded(() => media.hero()) : Promise.resolve({ video: null, poster: null }),
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
