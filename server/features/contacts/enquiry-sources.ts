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
   * An enquiry (not spam) arrived from `source`: counted there, in the
   * enquiry's own transaction, so the count stays when the enquiry is deleted.
   */
  arrived?(trx: Knex, source: EnquirySource, language: Language, at: Date): Promise<unknown>;
};

/** A public read of one article or page by slug, as the news and pages services give it. */
type PublicRead = (
  slug: string,
  opts: { language: Language },
) => Promise<{ id: number; slug: string; title: string }>;

/**
 * Where enquiries may come from, over the public reads of articles and
 * pages (app.ts hands in the news and pages services' `getBySlug`): the
 * first that knows the slug. Their 404 is "none"; any other failure is
 * the caller's to handle. `arrived` counts an enquiry from one (analytics).
 */
export function enquirySources(
  reads: PublicRead[],
  arrived?: EnquirySources['arrived'],
): EnquirySources {
  return {
    arrived,
    async find(slug, language) {
      for (const read of reads) {
        try {
          const found = await read(slug, { language });
          return { id: found.id, path: `/${found.slug}`, title: found.title };
        } catch (error) {
          if (!(error instanceof NotFoundError)) throw error;
        }
      }
      return null;
    },
  };
}
