import { ARTICLE_TEXT_FIELDS } from '#shared/article-languages';
import { LANGUAGES } from '#shared/languages';
import { ArticleInputSchema, type ArticlePayload } from '#shared/news-schema';
import { PageInputSchema, type PagePayload } from '#shared/page-schema';
import { fieldErrors } from '#shared/validation';
import {
  blankSearch,
  isBlank,
  PAGE_REQUIRED_FIELDS,
  REQUIRED_FIELDS,
  textIn,
  type ArticleDraft,
  type SearchDraft,
} from './article-draft';
import type { DocumentKind } from './document-kind';

/** What the form sends: the draft checked with the shared schema of its kind. */

export type DraftCheck =
  | { ok: true; payload: ArticlePayload | PagePayload }
  | { ok: false; missingRequired: boolean; errors: Record<string, string> };

/** A language's search fields as a write sends them: blank ones as null (removed). */
function searchPayload(search: SearchDraft | undefined) {
  const { seo_title, seo_description, social_image } = search ?? blankSearch;
  const orNull = (v: string) => (v.trim() === '' ? null : v);
  return {
    seo_title: orNull(seo_title),
    seo_description: orNull(seo_description),
    social_image: orNull(social_image),
  };
}

/**
 * Checks the draft with the shared schema of its kind; error values are
 * translation keys. A translation left blank is removed (null), and so is
 * one in the source language, which the form never holds: after a change of
 * source language its text is the top-level text, and the server keeps no
 * translation beside it. One partly filled must be completed like the
 * source (a page's excerpt may stay empty). Each translation goes with its
 * state, its source's hash (when known) and its search fields.
 */
export function checkDraft(draft: ArticleDraft, kind: DocumentKind = 'article'): DraftCheck {
  const translations = Object.fromEntries(
    LANGUAGES.map((language) => {
      if (language === draft.source_language) return [language, null];
      const text = textIn(draft, language);
      if (isBlank(text)) return [language, null];
      const state = draft.states[language];
      return [
        language,
        {
          ...text,
          image_alt: draft.image_alts[language],
          ...searchPayload(draft.search[language]),
          published: state?.published ?? true,
          ...(state?.source_hash ? { source_hash: state.source_hash } : {}),
        },
      ];
    }),
  );
  const input = { ...draft, ...searchPayload(draft.search[draft.source_language]), translations };
  const parsed = (kind === 'page' ? PageInputSchema : ArticleInputSchema).safeParse(input);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const required = kind === 'page' ? PAGE_REQUIRED_FIELDS : REQUIRED_FIELDS;
  const textRequired = kind === 'page' ? (['title', 'content'] as const) : ARTICLE_TEXT_FIELDS;
  const missingRequired =
    required.some((field) => draft[field].trim() === '') ||
    Object.values(translations).some(
      (text) => text !== null && textRequired.some((field) => text[field].trim() === ''),
    );
  return { ok: false, missingRequired, errors: fieldErrors(parsed.error) };
}
