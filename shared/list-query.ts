import { z } from 'zod';
import './zod-setup';

/**
 * What the admin's lists (articles, enquiries, media, the audit log) have in
 * common: a page of at most ADMIN_MAX_PAGE_SIZE items at a time, the total in
 * the `X-Total-Count` header, true/false filters and a search box. Each list
 * adds its own filters to `adminListQuery`'s object; server and admin parse
 * the same schema (the server a request's query, the admin its address).
 */

/** Items per page of an admin list unless it asks for another number. */
export const ADMIN_PAGE_SIZE = 25;
/** Largest page an admin list gives. */
export const ADMIN_MAX_PAGE_SIZE = 100;
/** The header that carries a paged list's total (every item matching, on every page). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** Longest search text accepted. */
export const SEARCH_MAX_LENGTH = 200;
/** Words of a search that count (the rest are ignored). */
export const SEARCH_MAX_TERMS = 8;
/**
 * Most items a search lists: the most recently added that match (and pass
 * the list's filters), so that a search costs the same however many items
 * hold its words. A total of this many means "this many or more".
 */
export const SEARCH_MAX_RESULTS = 1000;

export const wholeNumber = (key: string, max?: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, key)
    .transform(Number)
    .refine((n) => n >= 1 && (max === undefined || n <= max), key);

/** `true` or `false` in a query string. */
export const flag = z
  .enum(['true', 'false'], { error: 'apiErrors.filterInvalid' })
  .transform((v) => v === 'true');

/** `?q=`: words to find; blank is no search. */
export const searchText = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, 'apiErrors.searchTooLong')
  .transform((v) => v || undefined);

/** A list's query: `page` and `per_page` (at most ADMIN_MAX_PAGE_SIZE), `q`, and the list's own fields. */
export function adminListQuery<F extends z.ZodRawShape>(fields: F) {
  return z.object({
    page: wholeNumber('apiErrors.pageInvalid').optional(),
    per_page: wholeNumber('apiErrors.adminPerPageInvalid', ADMIN_MAX_PAGE_SIZE).optional(),
    q: searchText.optional(),
    ...fields,
  });
}

/** One page of a list and how many items the whole list holds. */
export type ListPage<T> = { items: T[]; total: number };

/**
 * The letters that have no accent to take off and are written otherwise
 * too (`Straße` and `Strasse`, `Łódź` and `Lodz`), each as the plain letters
 * the full-text indexes hold instead, capitals alike. The indexes fold them
 * so (migrations/20261201120000_search_letter_folding.ts keeps a copy, which
 * a test holds to this one); accents they take off themselves.
 */
export const SEARCH_LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
};

const FOLDED_LETTER = new RegExp(`[${Object.keys(SEARCH_LETTER_FOLDS).join('')}]`, 'gu');

/** `text` with SEARCH_LETTER_FOLDS' letters written as the indexes hold them. */
export const foldSearchLetters = (text: string): string =>
  text.replace(FOLDED_LETTER, (letter) => SEARCH_LETTER_FOLDS[letter]!);

/**
 * The words of a search as the databases' full-text indexes hold them:
 * runs of letters and digits (so `ana@example.pt` is `ana`, `example`,
 * `pt`), at most SEARCH_MAX_TERMS of them, with SEARCH_LETTER_FOLDS' letters
 * folded as the indexes fold them (`straße` is `strasse`, `łódź` is
 * `lodź`). Case and accents are left to the index, which folds both
 * (`joao` finds `João`); each word matches as the start of a word (`robot`
 * finds `Roboter` and `robotics`).
 */
export function searchTerms(text: string | undefined): string[] {
  if (!text) return [];
  const words = foldSearchLetters(text.normalize('NFKC')).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, SEARCH_MAX_TERMS);
}
