import type { ArticleText } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import { LANGUAGE_NAMES } from './article-prompt';
import type { ChatMessage, ResponseFormat } from './llm.provider';

/** The answer's shape as a strict JSON schema: the three texts, nothing else. */
export const TRANSLATION_JSON_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'excerpt', 'content'],
  properties: {
    title: { type: 'string', description: 'The translated headline' },
    excerpt: { type: 'string', description: 'The translated excerpt' },
    content: {
      type: 'string',
      description: 'The translated body, with exactly the Markdown structure of the original',
    },
  },
};

/** The response formats to try, strongest first (the same rungs as for drafts). */
export const TRANSLATION_FORMAT_LADDER: readonly ResponseFormat[] = [
  { type: 'json_schema', name: 'news_translation', schema: TRANSLATION_JSON_SCHEMA },
  { type: 'json_object' },
  { type: 'text' },
];

/** What the target language asks for beyond its name. */
export const TRANSLATION_VOICE: Record<Language, string> = {
  en: 'Write British English as a native technical editor would.',
  pt:
    'Write European Portuguese as used in Portugal (for example "equipa", "utilizador", "ecrã", ' +
    '"fábrica", "investigação"), never Brazilian Portuguese; address the reader formally.',
  de:
    'Address the reader formally with "Sie" (never "du") and write as a native German technical ' +
    'editor would, with natural compounds and German punctuation.',
};

export type TranslationBrief = { text: ArticleText; from: Language; to: Language };

/** The system and user messages asking for one article's translation as a JSON object. */
export function translationMessages({ text, from, to }: TranslationBrief): ChatMessage[] {
  const system = [
    'You translate news articles for the website of a small company based in Portugal that builds',
    'AI-powered software and advanced robotics for industry. Its readers are industrial decision makers.',
    `Translate the article from ${LANGUAGE_NAMES[from]} into ${LANGUAGE_NAMES[to]}.`,
    TRANSLATION_VOICE[to],
    'Rules:',
    '- Translate faithfully and naturally: keep the meaning, tone and every fact; add, drop or summarise nothing.',
    '- Keep the Markdown structure exactly: the same headings with the same levels, lists and their numbering,',
    '  emphasis, block quotes, tables, paragraphs and line breaks.',
    '- Keep every link target and image address (the part in parentheses) and every bare URL exactly as it is;',
    '  translate only the visible link text.',
    '- Keep code, inline code, numbers, units and measurements unchanged.',
    '- Keep product, company, brand and standard names unchanged (for example OPC UA, MQTT, ISO/TS 15066,',
    '  Forge Industrial); do not translate them.',
    'Answer with one JSON object and nothing else (no code fence, no commentary), with exactly the keys',
    '"title", "excerpt" and "content", holding the translated title, excerpt and content.',
    ...(text.excerpt.trim() === '' ? ['The text has no excerpt: answer "excerpt" as "".'] : []),
  ].join('\n');
  const article = JSON.stringify(
    { title: text.title, excerpt: text.excerpt, content: text.content },
    null,
    2,
  );
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Translate this article:\n\n${article}` },
  ];
}
