/**
 * The translation the fake language model writes: the source text tagged
 * with the target language, its Markdown (headings, lists, links) untouched,
 * as a good model keeps it. Test support, not a translator.
 */

export type FakeTranslation = { title: string; excerpt: string; content: string };
type Target = 'en' | 'pt' | 'de';

const NAMES: [RegExp, Target][] = [
  [/into European Portuguese/i, 'pt'],
  [/into German/i, 'de'],
  [/into English/i, 'en'],
];

const LEAD: Record<Target, string> = {
  en: 'Translated for the test.',
  pt: 'Traduzido para o teste.',
  de: 'Für den Test übersetzt.',
};

/** The target language of a translation request, judged by its system prompt; null for anything else. */
export function translationTarget(system: string): Target | null {
  if (!/You translate news articles/.test(system)) return null;
  return NAMES.find(([pattern]) => pattern.test(system))?.[1] ?? null;
}

/** The article of the user message (a JSON object after the instruction line). */
function sourceOf(user: string): FakeTranslation {
  try {
    const parsed = JSON.parse(user.slice(user.indexOf('{'))) as Partial<FakeTranslation>;
    return {
      title: String(parsed.title ?? ''),
      excerpt: String(parsed.excerpt ?? ''),
      content: String(parsed.content ?? ''),
    };
  } catch {
    return { title: 'Untitled', excerpt: 'No excerpt', content: 'No content' };
  }
}

export function fakeTranslation(user: string, target: Target): FakeTranslation {
  const source = sourceOf(user);
  return {
    title: `[${target}] ${source.title}`,
    excerpt: `[${target}] ${source.excerpt}`,
    content: `${LEAD[target]}\n\n${source.content}`,
  };
}

/** The target language of a site texts translation request, judged by its system prompt. */
export function textsTranslationTarget(system: string): Target | null {
  if (!/You translate the texts of the website/.test(system)) return null;
  return NAMES.find(([pattern]) => pattern.test(system))?.[1] ?? null;
}

/** Site texts "translated": each text tagged with the target language, its placeholders kept. */
export function fakeTextsTranslation(user: string, target: Target): Record<string, string> {
  try {
    const texts = JSON.parse(user.slice(user.indexOf('{'))) as Record<string, string>;
    return Object.fromEntries(
      Object.entries(texts).map(([key, text]) => [key, `[${target}] ${String(text)}`]),
    );
  } catch {
    return {};
  }
}
