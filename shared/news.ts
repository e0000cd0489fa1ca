import { z } from 'zod';
import type { ArticleTranslations } from './article-languages';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';
import { slugProblem } from './slug';

/**
 * A news article as the API returns it (times are ISO 8601 UTC): title,
 * excerpt and content in `language` (the one asked for where the article has
 * it, else `source_language`); `languages` lists every language it exists in.
 */
export type Article = {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  slug: string;
  image_url: string | null;
  published: boolean;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  language: Language;
  source_language: Language;
  languages: Language[];
  /** Admin reads only: every translation, with its own time and outdated flag. */
  translations?: ArticleTranslations;
};

/**
 * An article as admin reads and writes answer it: `GET /news/admin` has the
 * source text at the top level, `GET /news/{slug}` the text of the language asked for.
 */
export type AdminArticle = Article & { translations: ArticleTranslations };

export type NewsList = {
  news: Article[];
  pages: number;
  total: number;
  current_page: number;
};

export type CategoryCount = { category: string; count: number };

/** Categories the translation catalogue names (spec section 3). */
export const NEWS_CATEGORIES = ['ai-innovation', 'robotics', 'partnership', 'research'] as const;

const required = (key: string, max: number, maxKey: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string({ error: key }).trim().min(1, key).max(max, maxKey),
  );

/** The picture of an article without an image of its own, or whose image cannot be loaded. */
export const DEFAULT_NEWS_IMAGE = '/media/news-default.jpg';

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const SITE = 'https://site.invalid';

/**
 * Why an article's image address cannot be used, as a translation key; null
 * when it can. Allowed: an `https://` URL, or a path on the site itself
 * (`/media/…`; not `//host/…`, which leaves the site). Plain `http://` images
 * are blocked by the site's Content-Security-Policy, so they are refused here.
 */
export function imageUrlProblem(value: string): string | null {
  if (value.startsWith('/')) {
    try {
      // `//host` and `/\host` resolve to another host; a path stays on the site.
      return new URL(value, SITE).origin === SITE ? null : 'validation.imageUrl.invalid';
    } catch {
      return 'validation.imageUrl.invalid';
    }
  }
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return null;
    return url.protocol === 'http:'
      ? 'validation.imageUrl.insecure'
      : 'validation.imageUrl.invalid';
  } catch {
    return 'validation.imageUrl.invalid';
  }
}

export function isImageUrl(value: string): boolean {
  return imageUrlProblem(value) === null;
}

/** The texts that exist once per language, with the same rules in every language. */
export const ArticleTextSchema = z.object({
  title: required('validation.title.required', 200, 'validation.title.max'),
  excerpt: required('validation.excerpt.required', 500, 'validation.excerpt.max'),
  content: required('validation.content.required', 60000, 'validation.content.max'),
});

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
