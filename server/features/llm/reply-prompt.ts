import { z } from 'zod';
import type { Contact } from '#shared/contact';
import type { Language } from '#shared/languages';
import { extractJson } from './article-answer';
import { LANGUAGE_NAMES } from './article-prompt';
import type { ChatMessage, ResponseFormat } from './llm.provider';
import { TRANSLATION_VOICE as VOICE } from './translation-prompt';

/** The answer's shape as a strict JSON schema: the reply's body, nothing else. */
export const REPLY_JSON_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: {
    message: {
      type: 'string',
      description: 'The body of the reply, without greeting, signature or subject',
    },
  },
};

/** The response formats to try, strongest first (the same rungs as for drafts). */
export const REPLY_FORMAT_LADDER: readonly ResponseFormat[] = [
  { type: 'json_schema', name: 'enquiry_reply', schema: REPLY_JSON_SCHEMA },
  { type: 'json_object' },
  { type: 'text' },
];

/** The longest body a drafted reply may have before it is cut (the reply itself allows 10,000). */
const BODY_MAX = 6000;

export type ReplyBrief = {
  contact: Pick<Contact, 'name' | 'company' | 'message' | 'language'>;
  /** The team's internal notes on the enquiry, oldest first. */
  notes: string[];
};

/** The system and user messages asking for the body of a reply to one enquiry, in its language. */
export function replyMessages({ contact, notes }: ReplyBrief): ChatMessage[] {
  const language: Language = contact.language;
  const system = [
    'You draft replies to enquiries that reach a small company based in Portugal through its website.',
    'The company builds AI-powered software and advanced robotics for industry and integrates them',
    'into existing plants. A sales engineer will review and edit your draft before sending it.',
    `Write the reply in ${LANGUAGE_NAMES[language]}, the language the visitor wrote in.`,
    VOICE[language],
    'Rules:',
    '- Answer what the visitor asked, concretely and politely, in two to four short paragraphs.',
    "- Use the team's internal notes as facts you may rely on; never reveal that notes exist.",
    '- Do not invent prices, dates, delivery times, references or technical figures that neither the',
    '  enquiry nor the notes give; where they are needed, say that the engineer will follow up on them.',
    '- Write only the body: no greeting line, no sign-off or signature, no subject.',
    'Answer with one JSON object and nothing else (no code fence, no commentary), with exactly the key',
    '"message", holding the body of the reply.',
  ].join('\n');
  const brief = JSON.stringify(
    {
      visitor: contact.name,
      company: contact.company,
      enquiry: contact.message,
      internal_notes: notes,
    },
    null,
    2,
  );
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Draft the body of a reply to this enquiry:\n\n${brief}` },
  ];
}

const AnswerSchema = z.object({ message: z.string().trim().min(1) });

/** The reply's body from a model's answer (a JSON object, or plain text on the last rung), or null. */
export function parseReply(text: string): string | null {
  const parsed = AnswerSchema.safeParse(extractJson(text));
  const body = parsed.success
    ? parsed.data.message
    : text.trim().startsWith('{')
      ? ''
      : text.trim();
  return body ? body.slice(0, BODY_MAX) : null;
}
