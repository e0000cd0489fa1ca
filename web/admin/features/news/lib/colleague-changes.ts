import { otherLanguages } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import type { PublicationState } from '#shared/news';
import { isBlank, textIn, type ArticleDraft } from './article-draft';

/** What a colleague changed of the publication, as the save-over notice names it. */
export type ColleagueChange =
  { kind: 'withdrawn' } | { kind: 'languageUnpublished'; language: Language };

const isState = (value: unknown): value is PublicationState =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PublicationState).published === 'boolean' &&
  typeof (value as PublicationState).translations === 'object';

/**
 * What a colleague changed of the publication since the version the form
 * opened (`opened`), from the 409's `current` (docs/api.md, "Saving over a
 * colleague"): the article or page taken off the site, a language
 * unpublished. Nothing for an answer without it.
 */
export function colleagueChanges(opened: ArticleDraft, current: unknown): ColleagueChange[] {
  if (!isState(current)) return [];
  const changes: ColleagueChange[] = [];
  if (opened.published && !current.published) changes.push({ kind: 'withdrawn' });
  for (const language of otherLanguages(opened.source_language)) {
    const was = !isBlank(textIn(opened, language)) && opened.states[language]?.published !== false;
    if (was && current.translations[language]?.published === false) {
      changes.push({ kind: 'languageUnpublished', language });
    }
  }
  return changes;
}
