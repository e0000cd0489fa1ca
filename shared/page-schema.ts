import { z } from 'zod';
import './zod-setup';
import {
  ArticleTextSchema,
  imageAddress,
  noSourceTranslation,
  publicationFields,
  SearchFieldsSchema,
  slugField,
  TranslationStateSchema,
  translationsInput,
} from './news-schema';
import { PAGE_NAVS } from './pages';
import { cleanText } from './text';

/** The rules of a page write, shared by the admin form and `POST/PUT /api/pages`. */

/** The highest place a page may take in its menu. */
export const PAGE_POSITION_MAX = 10_000;

/** A page's excerpt is optional: blank or null means none (stored empty, read as null). */
const optionalExcerpt = cleanText('multi-line', 'validation.excerpt.invalid').pipe(
  z.string().max(500, 'validation.excerpt.max'),
);

/** A page's text in one language: like an article's, without a required excerpt. */
export const PageTextSchema = ArticleTextSchema.extend({ excerpt: optionalExcerpt });

const PageTranslationInputSchema = PageTextSchema.extend(TranslationStateSchema.shape);

export const PageTranslationsInputSchema = translationsInput(PageTranslationInputSchema);

export const PageInputSchema = z
  .object({
    ...PageTextSchema.shape,
    slug: slugField,
    image_url: imageAddress,
    ...SearchFieldsSchema.shape,
    nav: z.enum(PAGE_NAVS, { error: 'validation.nav.invalid' }).optional().default('none'),
    // No default here: a save that names no place keeps the stored one; a new page takes 0.
    position: z
      .number({ error: 'validation.position.invalid' })
      .int('validation.position.invalid')
      .min(0, 'validation.position.invalid')
      .max(PAGE_POSITION_MAX, 'validation.position.invalid')
      .optional(),
    ...publicationFields,
    translations: PageTranslationsInputSchema.optional(),
  })
  .superRefine(noSourceTranslation);

export type PageInput = z.input<typeof PageInputSchema>;
export type PagePayload = z.output<typeof PageInputSchema>;

/** `PUT /api/pages/order` `{ids}`: the pages in this order take positions 0, 1, 2… */
export const PageOrderSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'validation.pageOrder.invalid' })
    .min(1, 'validation.pageOrder.invalid')
    .max(500, 'validation.pageOrder.invalid')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.pageOrder.invalid'),
});
