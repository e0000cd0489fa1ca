import { z } from 'zod';
import { slugProblem } from './slug';
import { cleanText, type TextKind } from './text';

/** A news article as the API returns it (times are ISO 8601 UTC). */
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
};

export type NewsList = {
  news: Article[];
  pages: number;
  total: number;
  current_page: number;
};

export type CategoryCount = { category: string; count: number };

/** Categories the translation catalogue names (spec section 3). */
export const NEWS_CATEGORIES = ['ai-innovation', 'robotics', 'partnership', 'research'] as const;

const required = (key: string, max: number, maxKey: string, kind: TextKind = 'single-line') =>
  cleanText(kind, key).pipe(z.string().min(1, key).max(max, maxKey));

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

/** Article fields an admin writes; shared by the admin form and `POST/PUT /api/news`. */
export const ArticleInputSchema = z.object({
  title: required('validation.title.required', 200, 'validation.title.max'),
  excerpt: required('validation.excerpt.required', 500, 'validation.excerpt.max', 'multi-line'),
  content: required('validation.content.required', 60000, 'validation.content.max', 'multi-line'),
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
});

export type ArticleInput = z.input<typeof ArticleInputSchema>;
export type ArticlePayload = z.output<typeof ArticleInputSchema>;

/** `PUT /api/news/:id` with only `{published}` toggles the article. */
export const PublishToggleSchema = z
  .object({ published: z.boolean({ error: 'validation.published.boolean' }) })
  .strict();
