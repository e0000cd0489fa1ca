import { z } from 'zod';
import './zod-setup';
import { imageUrlProblem } from './news';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { isZonedDateTime } from './publication';
import { slugProblem } from './slug';
import { SOURCE_HASH_PATTERN } from './source-hash';
import { cleanText, type TextKind } from './text';

/** The rules of an article write, shared by the admin form and `POST/PUT /api/news`. */

/** Trimmed, line breaks normalised, control characters refused (shared/text.ts), then the limits. */
export const required = (
  key: string,
  max: number,
  maxKey: string,
  kind: TextKind = 'single-line',
) => cleanText(kind, key).pipe(z.string().min(1, key).max(max, maxKey));

export const IMAGE_ALT_MAX_LENGTH = 300;

/**
 * The image's text alternative in one language: left out keeps what is
 * stored, null or blank removes it.
 */
export const imageAlt = z
  .preprocess(
    (v) => (v === null ? '' : v),
    z
      .string({ error: 'validation.imageAlt.invalid' })
      .trim()
      .max(IMAGE_ALT_MAX_LENGTH, 'validation.imageAlt.max'),
  )
  .transform((v) => (v === '' ? null : v))
  .optional();

export const SEO_TITLE_MAX_LENGTH = 70;
export const SEO_DESCRIPTION_MAX_LENGTH = 160;

/**
 * An optional text of one language (left out keeps what is stored, null or
 * blank removes it), trimmed and with the field kind's characters only.
 */
export const optionalText = (max: number, key: string, kind: TextKind = 'single-line') =>
  z
    .preprocess(
      (v) => (v === null ? '' : v),
      cleanText(kind, `${key}.invalid`).pipe(z.string().max(max, `${key}.max`)),
    )
    .transform((v) => (v === '' ? null : v))
    .optional();

/** An image address, or blank for none. */
export const imageAddress = z
  .preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: 'validation.imageUrl.invalid' })
      .trim()
      .max(2000, 'validation.imageUrl.invalid'),
  )
  .superRefine((url, ctx) => {
    const problem = url === '' ? null : imageUrlProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => (v === '' ? null : v));

/**
 * What search engines and link previews show of one language (docs/api.md,
 * "Pages"): left out keeps what is stored, null or blank removes it (the
 * title, excerpt and image then serve).
 */
export const SearchFieldsSchema = z.object({
  seo_title: optionalText(SEO_TITLE_MAX_LENGTH, 'validation.seoTitle'),
  seo_description: optionalText(
    SEO_DESCRIPTION_MAX_LENGTH,
    'validation.seoDescription',
    'multi-line',
  ),
  social_image: z
    .preprocess((v) => (v === undefined ? undefined : v), imageAddress.optional())
    .optional(),
});

/** The texts that exist once per language, with the same rules in every language. */
export const ArticleTextSchema = z.object({
  title: required('validation.title.required', 200, 'validation.title.max'),
  excerpt: required('validation.excerpt.required', 500, 'validation.excerpt.max', 'multi-line'),
  content: required('validation.content.required', 60000, 'validation.content.max', 'multi-line'),
  image_alt: imageAlt,
});

/**
 * What a write may say of a translation besides its text: whether it is
 * public (left out: a new translation is, a stored one keeps its state) and
 * which source text it was made from (its SHA-256, shared/source-hash.ts).
 */
export const TranslationStateSchema = z.object({
  ...SearchFieldsSchema.shape,
  published: z.boolean({ error: 'validation.published.boolean' }).optional(),
  source_hash: z
    .string({ error: 'validation.sourceHash.invalid' })
    .regex(SOURCE_HASH_PATTERN, 'validation.sourceHash.invalid')
    .optional(),
});

export const ArticleTranslationInputSchema = ArticleTextSchema.extend(TranslationStateSchema.shape);

/**
 * When the article goes public (ISO 8601 with a zone, stored as UTC): with
 * `published: true`, a time ahead schedules it, null publishes it now, left
 * out keeps the stored time (shared/publication.ts, resolvePublishedAt).
 */
export const publishedAt = z
  .string({ error: 'validation.publishedAt.invalid' })
  .trim()
  .refine(isZonedDateTime, 'validation.publishedAt.invalid')
  .transform((v) => new Date(v).toISOString())
  .nullable()
  .optional();

export const languageField = z.enum(LANGUAGES, { error: 'validation.language.invalid' });

/** `translations` of a write: a language -> its text, or null to remove that translation. */
export function translationsInput<T extends z.ZodType>(translation: T) {
  return z.strictObject(
    Object.fromEntries(LANGUAGES.map((l) => [l, translation.nullable().optional()])) as {
      [L in Language]: z.ZodOptional<z.ZodNullable<T>>;
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'validation.translations.language'
          : 'validation.translations.invalid',
    },
  );
}

export const TranslationsInputSchema = translationsInput(ArticleTranslationInputSchema);

/** A translation as a write gives it: its text and, optionally, its state and search fields. */
export type TranslationInput = z.output<typeof ArticleTranslationInputSchema>;
export type TranslationsInput = Partial<Record<Language, TranslationInput | null>>;

/** A slug as writes take it (shared/slug.ts has the rules). */
export const slugField = z
  .preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string({ error: 'validation.slug.required' }).trim(),
  )
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** What every write (article or page) says about state, slug reuse and languages. */
export const publicationFields = {
  published: z.boolean({ error: 'validation.published.boolean' }).optional().default(false),
  published_at: publishedAt,
  /**
   * Take a slug another article or page had before (its old address then
   * leads here instead of redirecting to it); without it such a slug is a 409.
   */
  reuse_slug: z.boolean({ error: 'validation.reuseSlug.boolean' }).optional(),
  /**
   * The language of the top-level title, excerpt and content: English for a
   * new one when absent; an update without it keeps the stored one.
   */
  source_language: languageField.optional(),
  /**
   * The `updated_at` of the version the editor opened. A save of an article
   * or page that someone saved since is refused (409) rather than undoing
   * their changes; without it a save is made whatever changed meanwhile.
   * Only an update reads it.
   */
  updated_at: z
    .string({ error: 'validation.updatedAt.invalid' })
    .refine((v) => !Number.isNaN(Date.parse(v)), 'validation.updatedAt.invalid')
    .optional(),
};

/** A translation in the write's source language is refused (it is the top-level text). */
export function noSourceTranslation(
  write: { source_language?: Language; translations?: Partial<Record<Language, unknown>> },
  ctx: z.RefinementCtx,
): void {
  const source = write.source_language ?? DEFAULT_LANGUAGE;
  if (write.translations?.[source]) {
    ctx.addIssue({
      code: 'custom',
      path: ['translations', source],
      message: 'validation.translations.sourceLanguage',
    });
  }
}

/** Article fields an admin writes; shared by the admin form and `POST/PUT /api/news`. */
export const ArticleInputSchema = z
  .object({
    ...ArticleTextSchema.shape,
    category: required('validation.category.required', 60, 'validation.category.max'),
    slug: slugField,
    image_url: imageAddress,
    ...SearchFieldsSchema.shape,
    ...publicationFields,
    translations: TranslationsInputSchema.optional(),
  })
  .superRefine(noSourceTranslation);

export type ArticleInput = z.input<typeof ArticleInputSchema>;
export type ArticlePayload = z.output<typeof ArticleInputSchema>;

/** `PUT /api/news/:id` with only `{published}` toggles the article. */
export const PublishToggleSchema = z
  .object({ published: z.boolean({ error: 'validation.published.boolean' }) })
  .strict();
