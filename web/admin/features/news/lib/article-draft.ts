import type { GeneratedArticle } from '#shared/llm';
import { ArticleInputSchema, type Article, type ArticlePayload } from '#shared/news';
import { slugify } from '#shared/slug';
import { fieldErrors } from '#shared/validation';

/** What the article form edits: every field as the user typed it. */
export type ArticleDraft = {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  slug: string;
  image_url: string;
  published: boolean;
};

export type DraftField = keyof ArticleDraft;

export const REQUIRED_FIELDS = ['title', 'excerpt', 'content', 'category', 'slug'] as const;

export const emptyDraft: ArticleDraft = {
  title: '',
  excerpt: '',
  content: '',
  category: '',
  slug: '',
  image_url: '',
  published: false,
};

export function draftFromArticle(article: Article): ArticleDraft {
  const { title, excerpt, content, category, slug, image_url, published } = article;
  return { title, excerpt, content, category, slug, image_url: image_url ?? '', published };
}

/** AI drafts always start unpublished (spec). */
export function draftFromGenerated(generated: GeneratedArticle): ArticleDraft {
  const { title, excerpt, content, category, slug, image_url } = generated;
  return { title, excerpt, content, category, slug, image_url: image_url ?? '', published: false };
}

/** Whether the form holds exactly `saved` (the article as stored, or an empty form). */
export function isUnchanged(draft: ArticleDraft, saved: ArticleDraft): boolean {
  return (Object.keys(saved) as DraftField[]).every((field) => draft[field] === saved[field]);
}

/** The slug follows the title until the user edits it; a slug that already matches keeps following. */
export function slugFollowsTitle(draft: ArticleDraft): boolean {
  return draft.slug === slugify(draft.title);
}

export type DraftCheck =
  | { ok: true; payload: ArticlePayload }
  | { ok: false; missingRequired: boolean; errors: Partial<Record<DraftField, string>> };

/** Checks the draft with the shared schema; error values are translation keys. */
export function checkDraft(draft: ArticleDraft): DraftCheck {
  const parsed = ArticleInputSchema.safeParse(draft);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const missingRequired = REQUIRED_FIELDS.some((field) => draft[field].trim() === '');
  return {
    ok: false,
    missingRequired,
    errors: fieldErrors(parsed.error) as Partial<Record<DraftField, string>>,
  };
}
