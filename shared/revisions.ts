import type { Language } from './languages';

/** Saved versions of an article's text, per language: the shapes of `/api/news/{id}/revisions`. */

/** Revisions kept per article and language; older ones are pruned. */
export const REVISIONS_KEPT = 50;

/** The fields a revision keeps, in the order a diff lists them. */
export const REVISION_FIELDS = ['title', 'excerpt', 'content', 'image_alt'] as const;
export type RevisionField = (typeof REVISION_FIELDS)[number];

/** A run of text that both versions share, or that only the newer (`added`) or older (`removed`) has. */
export type DiffPart = { value: string; added: boolean; removed: boolean };

/** One field that differs from the previous revision: reading the parts in order shows both versions. */
export type FieldChange = { field: RevisionField; parts: DiffPart[] };

export type Revision = {
  id: number;
  news_id: number;
  language: Language;
  title: string;
  excerpt: string;
  content: string;
  image_alt: string | null;
  created_at: string;
  /** Who saved it; null for text that existed before revisions were kept, or a deleted account. */
  user: { id: number | null; username: string } | null;
  /** What changed since the previous revision of this language (every field for the first one). */
  changes: FieldChange[];
};
