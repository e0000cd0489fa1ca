import { ARTICLE_TEXT_FIELDS, otherLanguages } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import { isBlank, textIn, type ArticleDraft } from './article-draft';
import type { DocumentKind } from './document-kind';

/** The admin's own ticks in "Translate into"; a language not ticked by hand follows the default. */
export type TargetPicks = Partial<Record<Language, boolean>>;

export type TargetOption = {
  language: Language;
  /** Ticked: by hand, else by default when the language has no text yet. */
  chosen: boolean;
  /** The form already holds a text in this language, which a new draft would replace. */
  replaces: boolean;
};

/** The two languages "Translate with AI" can draft into: the missing ones chosen by default. */
export function translationTargets(draft: ArticleDraft, picks: TargetPicks): TargetOption[] {
  return otherLanguages(draft.source_language).map((language) => {
    const replaces = !isBlank(textIn(draft, language));
    return { language, chosen: picks[language] ?? !replaces, replaces };
  });
}

/**
 * The source can be translated once its title, excerpt and content are all
 * written (a page's excerpt is optional).
 */
export function sourceReady(draft: ArticleDraft, kind: DocumentKind = 'article'): boolean {
  const source = textIn(draft, draft.source_language);
  const needed = kind === 'page' ? (['title', 'content'] as const) : ARTICLE_TEXT_FIELDS;
  return needed.every((field) => source[field].trim() !== '');
}
