import type { Language } from '#shared/languages';
import type { GeneratedArticle } from '#shared/llm';
import type { Article } from '#shared/news';
import { ArticleInputSchema, type ArticlePayload } from '#shared/news-schema';
import { slugify } from '#shared/slug';
import { fieldErrors } from '#shared/validation';
import { scheduledInput } from './schedule';

/** What the article form edits: every field as the user typed it. */
export type ArticleDraft = {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  slug: string;
  image_url: string;
  /** The image's description in the source language. */
  image_alt: string;
  /** Its description in each translation the article has (see ImageAltFields). */
  image_alts: Partial<Record<Language, string>>;
  published: boolean;
  /** Publication time chosen in the form (`datetime-local`, the admin's zone); null: not scheduled. */
  schedule_at: string | null;
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
  image_alt: '',
  image_alts: {},
  published: false,
  schedule_at: null,
};

export function draftFromArticle(article: Article): ArticleDraft {
  const { title, excerpt, content, category, slug, image_url, published } = article;
  const image_alts = Object.fromEntries(
    Object.entries(article.translations ?? {}).map(([l, text]) => [l, text.image_alt ?? '']),
  );
  return {
    ...emptyDraft,
    ...{ title, excerpt, content, category, slug, image_url: image_url ?? '', published },
    image_alt: article.image_alt ?? '',
    image_alts,
    schedule_at: scheduledInput(article),
  };
}

/** AI drafts always start unpublished (spec). */
export function draftFromGenerated(generated: GeneratedArticle): ArticleDraft {
  const { title, excerpt, content, category, slug, image_url } = generated;
  return {
    ...emptyDraft,
    ...{ title, excerpt, content, category, slug, image_url: image_url ?? '' },
  };
}

/** Whether the form holds exactly `saved` (the article as stored, or an empty form). */
export function isUnchanged(draft: ArticleDraft, saved: ArticleDraft): boolean {
  return (Object.keys(saved) as DraftField[]).every(
    (field) => JSON.stringify(draft[field]) === JSON.stringify(saved[field]),
  );
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
