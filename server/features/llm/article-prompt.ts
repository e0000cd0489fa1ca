import { AI_CATEGORIES } from '#shared/llm';
import type { Language } from '#shared/languages';
import type { ChatMessage, ResponseFormat } from './llm.provider';

/** How a prompt names each language: European Portuguese and formal German, explicitly. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  pt: 'European Portuguese (Portugal, not Brazil)',
  de: 'German (formal "Sie" form)',
};

/** The answer's shape as a strict JSON schema: every key required, nothing extra. */
export const ARTICLE_JSON_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'excerpt', 'content', 'category', 'slug', 'image_url'],
  properties: {
    title: { type: 'string', description: 'Headline, at most 120 characters' },
    excerpt: {
      type: 'string',
      description: 'One or two sentences for the news list, at most 300 characters',
    },
    content: {
      type: 'string',
      description: 'The article body in Markdown with ## headings and lists',
    },
    category: { type: 'string', enum: [...AI_CATEGORIES] },
    slug: {
      type: 'string',
      description: 'URL slug: lowercase ASCII letters, digits and single hyphens',
    },
    image_url: {
      type: ['string', 'null'],
      description:
        'An https URL of a fitting, freely usable image, or null when you do not know one',
    },
  },
};

/** The response formats to try, from the strictest the server may support to plain instructions. */
export const FORMAT_LADDER: readonly ResponseFormat[] = [
  { type: 'json_schema', name: 'news_article', schema: ARTICLE_JSON_SCHEMA },
  { type: 'json_object' },
  { type: 'text' },
];

const COMPANY = [
  'You write news articles for the website of a small company based in Portugal that builds',
  'AI-powered software and advanced robotics for industry and integrates them into existing plants',
  '(industrial integration). Its readers are industrial decision makers: plant managers, operations',
  'and engineering directors, CTOs of manufacturers. They value concrete outcomes (uptime, quality,',
  'safety, cost, time to deploy) over hype. Write factually and confidently, without invented figures',
  'presented as facts, without fictitious quotes from real people, and without marketing superlatives.',
].join(' ');

export type ArticleBrief = {
  prompt: string;
  category?: string;
  language: Language;
  /** A page of the site (About us, Careers, Imprint) rather than a news article. */
  kind?: 'article' | 'page';
};

/** What changes when the text is a page of the site rather than news. */
const PAGE = [
  'This time you write a page of the website that is not news (for example About us, Careers,',
  'Services or Imprint): timeless, without a date or an announcement, addressed to visitors who want',
  'to know the company. The "excerpt" is one sentence that introduces the page; the "content" is 200 to',
  '500 words of Markdown with "## " headings; the "category" is any of the allowed values (it is not shown).',
].join(' ');

/** The system and user messages asking for one article (or page) as a JSON object. */
export function articleMessages({ prompt, category, language, kind }: ArticleBrief): ChatMessage[] {
  const categoryRule = category
    ? `The category is "${category}".`
    : `Choose the category that fits best: ${AI_CATEGORIES.map((c) => `"${c}"`).join(', ')}.`;
  const page = kind === 'page';
  const system = [
    COMPANY,
    ...(page ? [PAGE] : []),
    `Write the whole article (title, excerpt and content) in ${LANGUAGE_NAMES[language]}.`,
    categoryRule,
    'Answer with one JSON object and nothing else (no code fence, no commentary), with exactly these keys:',
    '"title" (a clear headline, at most 120 characters),',
    '"excerpt" (one or two sentences that make a decision maker want to read on, at most 300 characters),',
    '"content" (400 to 700 words of Markdown: an opening paragraph, then two to four sections with "## " headings,',
    'at least one bulleted list, and a short closing paragraph; do not repeat the title as a heading),',
    `"category" (one of ${AI_CATEGORIES.map((c) => `"${c}"`).join(', ')}),`,
    '"slug" (a short URL slug in lowercase ASCII letters, digits and hyphens, derived from the title),',
    '"image_url" (an https URL of a fitting, freely usable image, or null if you do not know one).',
  ].join('\n');
  return [
    { role: 'system', content: system },
    {
      role: 'user',
      content: page
        ? `Write a page of the website about the following:\n\n${prompt}`
        : `Write a news article about the following:\n\n${prompt}`,
    },
  ];
}
