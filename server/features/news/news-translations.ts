import { sameText, type ArticleTranslations } from '#shared/article-languages';
import { LANGUAGES, type Language } from '#shared/languages';
import type { TranslationsInput } from '#shared/news-schema';
import { BadRequestError } from '../../errors';
import type { NewsRepo } from './news.repo';

/**
 * A write's `translations` applied to what is stored: null removes a
 * translation, a text adds or replaces it, a language not named stays as it
 * is. A translation whose text did not change keeps its time, so saving the
 * whole form again does not make an outdated translation look current; its
 * image text alone changes without moving that time either (left out, it
 * stays as stored).
 */
export async function applyTranslations(
  repo: NewsRepo,
  newsId: number,
  stored: ArticleTranslations,
  changes: TranslationsInput | undefined,
  at: string,
): Promise<void> {
  for (const language of LANGUAGES) {
    const change = changes?.[language];
    const before = stored[language];
    if (change === undefined) continue;
    if (change === null) {
      if (before) await repo.translations.remove(newsId, language);
    } else if (!before) {
      await repo.translations.insert(newsId, language, change, at);
    } else {
      const { image_alt, ...text } = change;
      const altChanged = image_alt !== undefined && image_alt !== before.image_alt;
      const alt = altChanged ? { image_alt } : {};
      if (!sameText(before, text))
        await repo.translations.update(newsId, language, { ...text, ...alt }, at);
      else if (altChanged) await repo.translations.update(newsId, language, alt, null);
    }
  }
}

/**
 * A stored translation in what is now the source language must go in the
 * same write (`translations: {pt: null}` when `pt` becomes the source).
 */
export function assertNoSourceTranslation(
  source: Language,
  stored: ArticleTranslations,
  changes: TranslationsInput | undefined,
): void {
  if (stored[source] && changes?.[source] !== null) {
    throw new BadRequestError('apiErrors.validation', {
      [`translations.${source}`]: 'validation.translations.sourceLanguage',
    });
  }
}
