import { z } from 'zod';
import { imageUrlProblem } from './news';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { isZonedDateTime } from './publication';
import { slugProblem } from './slug';
import { cleanText, type TextKind } from './text';

/** The rules of an article write, shared by the admin form and `POST/PUT /api/news`. */

/** Trimmed, line breaks normalised, control characters refused (shared/text.ts), then the limits. */
const required = (key: string, max: number, maxKey: string, kind: TextKind = 'single-line') =>
  cleanText(kind, key).pipe(z.string().min(1, key).max(max, maxKey));

export const IMAGE_ALT_MAX_LENGTH = 300;

/**
 * The image's text alternative in one language: left out keeps what is
 * stored, null or blank removes it.
 */
const imageAlt = z
  .preprocess(
    (v) => (v === null ? '' : v),
    z
      .string({ error: 'validation.imageAlt.invalid' })
      .trim()
      .max(IMAGE_ALT_MAX_LENGTH, 'validation.imageAlt.max'),
  )
  .transform((v) => (v === '' ? null : v))
  .optional();

/** The texts that exist once per language, with the same rules in every language. */
export const ArticleTextSchema = z.object({
  title: required('validation.title.required', 200, 'validation.title.max'),
  excerpt: required('validation.excerpt.required', 500, 'validation.excerpt.max', 'multi-line'),
  content: required('validation.content.required', 60000, 'validation.content.max', 'multi-line'),
  image_alt: imageAlt,
});

/**
 * When the article goes public (ISO 8601 with a zone, stored as UTC): with
 * `published: true`, a time ahead schedules it, null publishes it now, left
 * out keeps the stored time (shared/publication.ts, resolvePublishedAt).
 */
const publishedAt = z
  .string({ error: 'validation.publishedAt.invalid' })
  .trim()
  .refine(isZonedDateTime, 'validation.publishedAt.invalid')
  .transform((v) => new Date(v).toISOString())
  .nullable()
  .optional();

const languageField = z.enum(LANGUAGES, { error: 'validation.language.invalid' });

/** `translations` of a write: a language -> its text, or null to remove that translation. */
export const TranslationsInputSchema = z.strictObject(
  Object.fromEntries(LANGUAGES.map((l) => [l, ArticleTextSchema.nullable().optional()])) as {
    [L in Language]: z.ZodOptional<z.ZodNullable<typeof ArticleTextSchema>>;
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'validation.translations.language'
        : 'validation.translations.invalid',
  },
);

export type TranslationsInput = z.output<typeof TranslationsInputSchema>;

/** Article fields an admin writes; shared by the admin form and `POST/PUT /api/news`. */
export const ArticleInputSchema = z
  .object({
    ...ArticleTextSchema.shape,
    category: required('validation.category.required', 60, 'validation.category.max'),
    slug: z
      .preprocess(
        (v) => (v === undefined || v === null ? '' : v),
        z.string({ error: 'validation.slug.required' }).trim(),
      )
      .superRefine((slug, ctx) => {
        const problem = slugProblem(slug);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    image_url: z
      .preprocess(
        (v) => (v === undefined || v === null ? '' : v),
        z.string().trim().max(2000, 'validation.imageUrl.invalid'),
      )
      .superRefine((url, ctx) => {
        const problem = url === '' ? null : imageUrlProblem(url);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform((v) => (v === '' ? null : v)),
    published: z.boolean({ error: 'validation.published.boolean' }).optional().default(false),
    published_at: publishedAt,
    /**
     * Take a slug another article had before (its old address then leads
     * here instead of redirecting to it); without it such a slug is a 409.
     */
    reuse_slug: z.boolean({ error: 'validation.reuseSlug.boolean' }).optional(),
    /**
     * The language of the top-level title, excerpt and content: English for a
     * new article when absent; an update without it keeps the stored one.
     */
    source_language: languageField.optional(),
    translations: TranslationsInputSchema.optional(),
  })
  .superRefine((article, ctx) => {
    const source = article.source_language ?? DEFAULT_LANGUAGE;
    if (article.translations?.[source]) {
      ctx.addIssue({
        code: 'custom',
        path: ['translations', source],
        message: 'validation.translations.sourceLanguage',
      });
    }
  });

export type ArticleInput = z.input<typeof ArticleInputSchema>;
export type ArticlePayload = z.output<typeof ArticleInputSchema>;

/** `PUT /api/news/:id` with only `{published}` toggles the article. */
export const PublishToggleSchema = z
  .object({ published: z.boolean({ error: 'validation.published.boolean' }) })
  .strict();
