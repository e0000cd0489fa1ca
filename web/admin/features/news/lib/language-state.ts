import { ARTICLE_TEXT_FIELDS } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import { sourceHash } from '#shared/source-hash';
import { isBlank, textIn, type ArticleDraft } from './article-draft';

/**
 * What each language tab of the form says, as the admin types: the source;
 * a translation that is published, a draft, or made from an older version
 * of the source (outdated); or none yet.
 */
export type TabState = 'source' | 'done' | 'draft' | 'outdated' | 'missing';

/** The form as it was opened: the stored text and each stored translation's own outdated flag. */
export type SavedForm = { draft: ArticleDraft; outdated: Partial<Record<Language, boolean>> };

const sameText = (a: ArticleDraft, b: ArticleDraft, language: Language) => {
  const [x, y] = [textIn(a, language), textIn(b, language)];
  return ARTICLE_TEXT_FIELDS.every((field) => x[field].trim() === y[field].trim());
};

/** The hash of the source text the form holds now (what the server will hash on save). */
export const draftSourceHash = (draft: ArticleDraft) =>
  sourceHash(textIn(draft, draft.source_language));

/**
 * True when the translation was made from another source text than the one
 * the form holds now. With its source's hash known, that is a comparison;
 * without (a translation saved before hashes were kept), it is outdated
 * while its text is as stored and either it was stored outdated or the
 * source text changed in the form.
 */
export function isOutdated(
  draft: ArticleDraft,
  saved: SavedForm | null,
  language: Language,
  current = draftSourceHash(draft),
): boolean {
  if (language === draft.source_language || isBlank(textIn(draft, language))) return false;
  const basis = draft.states[language]?.source_hash;
  if (basis) return basis !== current;
  if (!saved || !sameText(draft, saved.draft, language)) return false;
  const source = draft.source_language;
  return saved.outdated[language] === true || !sameText(draft, saved.draft, source);
}

export function tabState(
  draft: ArticleDraft,
  saved: SavedForm | null,
  language: Language,
  current = draftSourceHash(draft),
): TabState {
  if (language === draft.source_language) return 'source';
  if (isBlank(textIn(draft, language))) return 'missing';
  if (isOutdated(draft, saved, language, current)) return 'outdated';
  return draft.states[language]?.published === false ? 'draft' : 'done';
}
