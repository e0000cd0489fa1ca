import { z } from 'zod';
import type { ArticleText } from '#shared/article-languages';
import { clamp, extractJson } from './article-answer';

/** What a model's translation must hold to be usable: the three texts, within the article's limits. */
const TranslationSchema = z.object({
  title: z.string().trim().min(1),
  excerpt: z.string().trim().min(1),
  content: z.string().trim().min(1).max(60000),
});

/** Without an excerpt to translate (a page may have none), the translation has none either. */
const WithoutExcerpt = TranslationSchema.extend({ excerpt: z.unknown() });

/**
 * The validated translation, or null when the text is not one in the
 * expected shape. `excerpt: false`: the source had no excerpt, so the
 * answer's (if any) is dropped.
 */
export function parseTranslation(
  text: string,
  { excerpt: withExcerpt = true }: { excerpt?: boolean } = {},
): ArticleText | null {
  const result = (withExcerpt ? TranslationSchema : WithoutExcerpt).safeParse(extractJson(text));
  if (!result.success) return null;
  const { title, content } = result.data;
  const excerpt = withExcerpt ? clamp(String(result.data.excerpt), 500) : '';
  return { title: clamp(title, 200), excerpt, content };
}
