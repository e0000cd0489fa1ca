import { z } from 'zod';
import { AI_CATEGORIES } from '#shared/llm';
import { isHttpUrl } from '#shared/news';

/** What a model's answer must hold to be usable as a draft. */
const AnswerSchema = z.object({
  title: z.string().trim().min(1),
  excerpt: z.string().trim().min(1),
  content: z.string().trim().min(1).max(60000),
  category: z.string().trim().optional().nullable(),
  slug: z.string().trim().optional().nullable(),
  image_url: z.string().trim().optional().nullable(),
});

export type ParsedAnswer = {
  title: string;
  excerpt: string;
  content: string;
  category: string | null;
  slug: string | null;
  image_url: string | null;
};

/** The JSON object inside a model's text: bare, in a ```json fence, or amid a little chatter. */
export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidates = [text.trim(), fenced?.[1]?.trim(), outermostObject(text)];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next reading of the text
    }
  }
  return undefined;
}

function outermostObject(text: string): string | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : undefined;
}

/** The validated answer, or null when the text is not an article in the expected shape. */
export function parseAnswer(text: string): ParsedAnswer | null {
  const result = AnswerSchema.safeParse(extractJson(text));
  if (!result.success) return null;
  const a = result.data;
  return {
    title: clamp(a.title, 200),
    excerpt: clamp(a.excerpt, 500),
    content: a.content,
    category: a.category || null,
    slug: a.slug || null,
    image_url:
      a.image_url && isHttpUrl(a.image_url) && a.image_url.length <= 2000 ? a.image_url : null,
  };
}

/** The requested category, else the model's if it is one of the offered ones, else a neutral one. */
export function pickCategory(requested: string | undefined, suggested: string | null): string {
  if (requested) return requested;
  const match = AI_CATEGORIES.find((c) => c.toLowerCase() === suggested?.trim().toLowerCase());
  return match ?? 'Technology';
}

/** Shortens text to at most `max` characters at a word boundary, with an ellipsis. */
export function clamp(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
