import type { Knex } from 'knex';
import type { Language } from '#shared/languages';
import { NotFoundError } from '../../errors';

/** The public article or page an enquiry came from. */
export type EnquirySource = {
  /** Its row id (articles and pages share one table). */
  id: number;
  /** Its address on the site, `/<slug>`. */
  path: string;
  /** Its title in the enquiry's language where it has it, else in its source language. */
  title: string;
};

export type EnquirySources = {
  /** The public article or page of `slug`, read in `language`; null when no such one is public. */
  find(slug: string, language: Language): Promise<EnquirySource | null>;
  /**
   * An enquiry from the article or page `sourceId`, in `language`, that
   * arrived `at`, counts there (`change` 1: it arrived, not spam, or was
   * taken out of spam) or no longer does (-1: it was filed as spam), in the
   * transaction that stores the enquiry or the change; the count stays when
   * the enquiry is deleted.
   */
  count?(
    trx: Knex,
    sourceId: number,
    language: Language,
    at: Date,
    change: 1 | -1,
  ): Promise<unknown>;
};

/** A public read of one article or page by slug, as the news and pages services give it. */
type PublicRead = (
  slug: string,
  opts: { language: Language },
) => Promise<{ id: number; slug: string; title: string }>;

/** The current slug of the public article or page that had `slug` before, or null (`redirectFor`). */
type MovedTo = (slug: string) => Promise<string | null>;

/**
 * Where enquiries may come from, over the public reads of articles and
 * pages (services.ts hands in the news and pages services' `getBySlug`):
 * the first that knows the slug. Their 404 is "none"; any other failure is
 * the caller's to handle. A slug none knows that a public article or page
 * had before (`movedTo`: a call to action on a page opened before a rename,
 * a link shared then; the site answers such an address 301) is looked up
 * by that one's current slug. `count` counts an enquiry from one (analytics).
 */
export function enquirySources(
  reads: PublicRead[],
  count?: EnquirySources['count'],
  movedTo?: MovedTo,
): EnquirySources {
  async function read(slug: string, language: Language): Promise<EnquirySource | null> {
    for (const readOne of reads) {
      try {
        const found = await readOne(slug, { language });
        return { id: found.id, path: `/${found.slug}`, title: found.title };
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    return null;
  }
  return {
    count,
    async find(slug, language) {
      const found = await read(slug, language);
      if (found || !movedTo) return found;
      const current = await movedTo(slug);
      return current === null || current === slug ? null : read(current, language);
    },
  };
}
