import type { Language } from '#shared/languages';
import type { Article } from '#shared/news';
import type { TranslationsInput } from '#shared/news-schema';

/**
 * The translations a save must send because their image description changed
 * in the form: each with its stored text, since a translation is written whole.
 */
export function altTranslations(
  alts: Partial<Record<Language, string>>,
  article: Pick<Article, 'translations'> | null,
): TranslationsInput | undefined {
  const changed = Object.entries(alts).flatMap(([language, alt]) => {
    const stored = article?.translations?.[language as Language];
    if (!stored || (stored.image_alt ?? '') === alt.trim()) return [];
    const { title, excerpt, content } = stored;
    return [[language, { title, excerpt, content, image_alt: alt.trim() || null }]];
  });
  return changed.length ? (Object.fromEntries(changed) as TranslationsInput) : undefined;
}
