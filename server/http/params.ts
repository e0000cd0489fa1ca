import { z } from 'zod';
import { LANGUAGES } from '#shared/languages';
import { MAX_PAGE_SIZE } from '#shared/pagination';
import { BadRequestError } from '../errors';
import { parseInput } from '../validation';

const wholeNumber = (key: string, max?: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, key)
    .transform(Number)
    .refine((n) => n >= 1 && (max === undefined || n <= max), key);

const flag = z
  .enum(['true', 'false'], { error: 'apiErrors.filterInvalid' })
  .transform((v) => v === 'true');

/** `?page&per_page`, the optional true/false filters and the order, as the list calls take them. */
const ListQuerySchema = z.object({
  page: wholeNumber('apiErrors.pageInvalid').optional(),
  per_page: wholeNumber('apiErrors.perPageInvalid', MAX_PAGE_SIZE).optional(),
  category: z.string().trim().max(60).optional(),
  published: flag.optional(),
  read: flag.optional(),
  spam: flag.optional(),
  sort: z.enum(['newest', 'unreplied'], { error: 'apiErrors.sortInvalid' }).optional(),
  /** Articles that lack this language (admin list). */
  missing: z.enum(LANGUAGES, { error: 'validation.language.invalid' }).optional(),
});

export type ListQuery = z.output<typeof ListQuerySchema>;

export function listQuery(query: unknown): ListQuery {
  return parseInput(ListQuerySchema, query, 'apiErrors.invalidQuery');
}

/** A request's query by a list's own schema (shared/list-query.ts), else 400 naming the fields. */
export function queryBy<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  return parseInput(schema, query, 'apiErrors.invalidQuery');
}

const PublicListQuerySchema = ListQuerySchema.pick({ page: true, per_page: true, category: true });

/** `?page&per_page&category` of the public news list: the admin's filters are no business of it. */
export function publicListQuery(query: unknown): z.output<typeof PublicListQuerySchema> {
  return parseInput(PublicListQuerySchema, query, 'apiErrors.invalidQuery');
}

/** A positive integer path id, else 400. */
export function idParam(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : 0;
  if (id < 1) throw new BadRequestError('apiErrors.invalidId');
  return id;
}
