import { z } from 'zod';
import { LANGUAGES } from './languages';
import { cleanText } from './text';

/** Categories the AI modal offers (spec section 9), plus "let the model choose". */
export const AI_CATEGORIES = ['AI Innovation', 'Partnership', 'Technology', 'Industry'] as const;
export const AI_PROMPT_MAX_LENGTH = 2000;

export const GenerateRequestSchema = z.object({
  prompt: cleanText('multi-line', 'validation.prompt.required').pipe(
    z
      .string()
      .min(1, 'validation.prompt.required')
      .max(AI_PROMPT_MAX_LENGTH, 'validation.prompt.max'),
  ),
  category: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(AI_CATEGORIES, { error: 'validation.category.invalid' }).optional(),
  ),
  language: z.enum(LANGUAGES, { error: 'validation.language.invalid' }).optional(),
});

export type GenerateRequest = z.input<typeof GenerateRequestSchema>;

export type GeneratedArticle = {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  slug: string;
  image_url?: string;
};

export type LlmStatus = {
  configured: boolean;
  provider: 'azure' | 'openai' | null;
  model: string | null;
};
