import { z } from 'zod';
import './zod-setup';
import { LANGUAGES } from './languages';
import { ADMIN_MAX_PAGE_SIZE, adminListQuery, flag } from './list-query';

/**
 * `GET /api/news/admin`'s query, shared by the server and the admin (which
 * keeps it in its address): drafts included, newest first; and the same
 * filters for `GET /api/pages`.
 */

/** Articles lacking a language: any of them, or this one. */
export const MISSING_FILTERS = ['any', ...LANGUAGES] as const;
export type MissingFilter = (typeof MISSING_FILTERS)[number];

/** What articles and pages are filtered by alike. */
const DOCUMENT_FILTERS = {
  published: flag.optional(),
  missing: z.enum(MISSING_FILTERS, { error: 'apiErrors.missingInvalid' }).optional(),
  /** Those with a translation made from an older source text. */
  outdated: flag.optional(),
};

/** `GET /api/pages`'s query: pages in menu order, filtered and searched alike. */
export const PageListQuerySchema = adminListQuery(DOCUMENT_FILTERS);
export type PageListQuery = z.output<typeof PageListQuerySchema>;

export const ArticleListQuerySchema = adminListQuery({
  ...DOCUMENT_FILTERS,
  /** A category under any of its names (shared/categories.ts). */
  category: z
    .string()
    .trim()
    .max(60, 'validation.category.max')
    .transform((v) => v || undefined)
    .optional(),
  /** These articles only (`ids=3,17,20`, at most a page of them). */
  ids: z
    .string()
    .regex(
      new RegExp(`^\\d{1,9}(,\\d{1,9}){0,${ADMIN_MAX_PAGE_SIZE - 1}}$`),
      'apiErrors.idsInvalid',
    )
    .transform((v) => v.split(',').map(Number))
    .optional(),
});

export type ArticleListQuery = z.output<typeof ArticleListQuerySchema>;
/** What narrows the admin's list of articles (the query without page and size). */
export type ArticleAdminFilter = Omit<ArticleListQuery, 'page' | 'per_page'>;
