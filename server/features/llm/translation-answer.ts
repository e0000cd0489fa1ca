import { z } from 'zod';
import type { ArticleText } from '#shared/article-languages';
import { clamp, extractJson } from './article-answer';

/** What a model's translation must hold to be usable: the three texts, within the article's limits. */
const TranslationSchema = z.object({
  title: z.string().trim().min(1),
  excerpt: z.string().trim().min(1),
  content: z.string().trim().min(1).max(60000),
});

/** The validated translation, or null when the text is not one in the expected shape. */
export function parseTranslation(text: string): ArticleText | null {
  const result = TranslationSchema.safeParse(extractJson(text));
  if (!result.success) return null;
  const { title, excerpt, content } = result.data;
  return { title: clamp(title, 200), excerpt: clamp(excerpt, 500), content };
}
