import type { Language } from '#shared/languages';
import { missingPlaceholders, SITE_TEXT_MAX_LENGTH } from '#shared/site-texts';
import { extractJson } from './article-answer';
import { LANGUAGE_NAMES } from './article-prompt';
import type { ChatMessage, ResponseFormat } from './llm.provider';
import { TRANSLATION_VOICE } from './translation-prompt';

/**
 * Translating the site's own texts (headlines, contact details, the privacy
 * notice): a JSON object of texts by key in, the same keys translated out,
 * every `{{placeholder}}` kept.
 */

export type TextsBrief = { texts: Record<string, string>; from: Language; to: Language };

/** The formats to try, strongest first: a schema naming exactly the keys sent. */
export function textsFormatLadder(keys: string[]): readonly ResponseFormat[] {
  const schema = {
    type: 'object',
    additionalProperties: false,
    required: keys,
    properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])),
  };
  return [
    { type: 'json_schema', name: 'site_texts_translation', schema },
    { type: 'json_object' },
    { type: 'text' },
  ];
}

/** The system and user messages asking for the texts in one language as a JSON object. */
export function textsMessages({ texts, from, to }: TextsBrief): ChatMessage[] {
  const system = [
    'You translate the texts of the website of a small company based in Portugal that builds',
    'AI-powered software and advanced robotics for industry: headlines, short descriptions, contact',
    'details, footer lines, page titles and the privacy notice. Its readers are industrial decision makers.',
    `Translate each text from ${LANGUAGE_NAMES[from]} into ${LANGUAGE_NAMES[to]}.`,
    TRANSLATION_VOICE[to],
    'Rules:',
    '- Translate faithfully and naturally, as the website of a company in that country would say it;',
    '  keep each text about as long as the original (headlines stay short).',
    '- Keep every placeholder in double curly braces, such as {{year}} or {{company}}, exactly as it is.',
    '- Keep e-mail addresses, phone numbers, postal codes, street names, URLs and product, company,',
    '  brand and standard names unchanged (for example Forge Industrial).',
    'Answer with one JSON object and nothing else (no code fence, no commentary), with exactly the keys',
    'of the object you are given, each holding its translated text.',
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Translate these texts:\n\n${JSON.stringify(texts, null, 2)}` },
  ];
}

/**
 * The translated texts, or null when the answer is not an object with
 * exactly the keys asked for, each a non-empty text that keeps the
 * placeholders of its source and fits a site text.
 */
export function parseTextsTranslation(
  answer: string,
  source: Record<string, string>,
): Record<string, string> | null {
  const parsed = extractJson(answer);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(source)) {
    const value = (parsed as Record<string, unknown>)[key];
    if (typeof value !== 'string') return null;
    const clean = value.trim();
    if (!clean || clean.length > SITE_TEXT_MAX_LENGTH) return null;
    if (missingPlaceholders(text, clean).length > 0) return null;
    out[key] = clean;
  }
  return out;
}
