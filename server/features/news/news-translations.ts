import { sameText, type ArticleTranslations } from '#shared/article-languages';
import { LANGUAGES, type Language } from '#shared/languages';
import type { TranslationInput, TranslationsInput } from '#shared/news-schema';
import { BadRequestError } from '../../errors';
import type { NewsRepo } from './news.repo';
import type { TranslationText } from './translations.repo';

/** The fields besides the text a write may set on a stored translation without moving its time. */
const EXTRAS = ['image_alt', 'seo_title', 'seo_description', 'social_image', 'published'] as const;

/**
 * A write's `translations` applied to what is stored: null removes a
 * translation, a text adds or replaces it, a language not named stays as it
 * is. A translation whose text did not change keeps its time and the source
 * it was made from, so saving the whole form again does not make an outdated
 * translation look current; its image text, search fields and published
 * state change without moving either (left out, they stay as stored).
 *
 * `sourceHash` is the hash of the source text after this write: the text a
 * new or rewritten translation counts as made from, unless the write names
 * its own `source_hash` (a model's translation of an earlier source).
 */
export async function applyTranslations(
  repo: NewsRepo,
  newsId: number,
  stored: ArticleTranslations,
  changes: TranslationsInput | undefined,
  at: string,
  sourceHash: string,
): Promise<void> {
  for (const language of LANGUAGES) {
    const change = changes?.[language];
    const before = stored[language];
    if (change === undefined) continue;
    if (change === null) {
      if (before) await repo.translations.remove(newsId, language);
    } else if (!before) {
      const { source_hash = sourceHash, ...text } = change;
      await repo.translations.insert(newsId, language, { ...text, source_hash }, at);
    } else {
      await updateTranslation(repo, newsId, language, before, change, at, sourceHash);
    }
  }
}

async function updateTranslation(
  repo: NewsRepo,
  newsId: number,
  language: Language,
  before: NonNullable<ArticleTranslations[Language]>,
  change: TranslationInput,
  at: string,
  sourceHash: string,
) {
  const { title, excerpt, content, source_hash } = change;
  const extras: Partial<TranslationText> = {};
  for (const field of EXTRAS) {
    const value = change[field];
    if (value !== undefined && value !== before[field]) Object.assign(extras, { [field]: value });
  }
  if (!sameText(before, { title, excerpt, content })) {
    const text = { title, excerpt, content, source_hash: source_hash ?? sourceHash };
    await repo.translations.update(newsId, language, { ...text, ...extras }, at);
    return;
  }
  if (source_hash !== undefined && source_hash !== before.source_hash)
    extras.source_hash = source_hash;
  if (Object.keys(extras).length > 0) {
    await repo.translations.update(newsId, language, extras, null);
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
