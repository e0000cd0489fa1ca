import type { SpamReason } from '#shared/contact';
import { isGibberish } from './gibberish';

/**
 * Scores an enquiry on what it contains and how it was sent, with no outside
 * service. Each signal adds weight; SPAM_THRESHOLD or more files it as spam.
 * The weights keep the contract's promise: ordinary prose (at most a link or
 * two to the sender's own site, a phone number, accents) scores 0-3 without a
 * form time, and repetition adds at most 5, so it never reaches the threshold.
 */
export const SPAM_THRESHOLD = 10;

/** Repeats beyond this many weigh no more: counting further would only cost time. */
export const REPEATS_THAT_COUNT = 5;

export type SpamInput = {
  name: string;
  company: string | null;
  message: string;
  /** Milliseconds from the form's first render to submission; absent for API clients. */
  formMs?: number;
  /** Other enquiries with the same message in the last day. */
  repeats: number;
};

export type SpamVerdict = { score: number; spam: boolean; reasons: SpamReason[] };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'[\]]+/giu;
const EMAIL = /[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+/gu;
const LINK_MARKUP = /<\s*a\b[^>]*\bhref|\[\s*\/?\s*(?:url|link|img)\b[^\]]*\]/iu;
const HTML_TAG = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/iu;

/** Phrases of the unsolicited offers every contact form receives. */
const SPAM_PHRASES = [
  /\bseo\b/iu,
  /\bbacklinks?\b/iu,
  /first page of google/iu,
  /\b(?:rank|ranking) (?:higher|first|#1)\b/iu,
  /\bguest posts?\b/iu,
  /\b(?:web(?:site)?|organic) traffic\b/iu,
  /\bcasino\b/iu,
  /\b(?:viagra|cialis)\b/iu,
  /\bcrypto(?:currency|currencies)?\b/iu,
  /\bbitcoin\b/iu,
  /\bforex\b/iu,
  /\b(?:make|earn) money\b/iu,
  /\bpayday loans?\b/iu,
  /\bescort(?:s| service)\b/iu,
  /\bunsubscribe\b/iu,
];

/** A weight per signal; the strongest first in `reasons`. */
export function scoreEnquiry(input: SpamInput): SpamVerdict {
  const signals: [SpamReason, number][] = [];
  const add = (reason: SpamReason, weight: number) => {
    if (weight > 0) signals.push([reason, weight]);
  };
  const { message } = input;
  const links = message.match(LINK)?.length ?? 0;

  if (input.formMs !== undefined)
    add('fast', input.formMs < 2000 ? 9 : input.formMs < 4000 ? 5 : 0);
  add('links', links >= 5 ? 10 : links >= 3 ? 6 : links === 2 ? 3 : links);
  if (LINK_MARKUP.test(message)) add('markup', 10);
  else if (HTML_TAG.test(message)) add('markup', 5);
  const prose = words(message.replace(LINK, ' '));
  if (links > 0) add('url-only', prose < 2 ? 9 : prose === 2 ? 4 : 0);
  if (isGibberish(message.replace(LINK, ' ').replace(EMAIL, ' '))) add('gibberish', 10);
  if (foreignScript(message)) add('script', 3);
  const phrases = SPAM_PHRASES.filter((p) => p.test(message)).length;
  add('phrases', phrases >= 2 ? 7 : phrases * 4);
  if (/https?:\/\/|www\./iu.test(input.name)) add('link-in-name', 6);
  add('repeated', input.repeats >= REPEATS_THAT_COUNT ? 5 : input.repeats >= 2 ? 3 : 0);

  signals.sort((a, b) => b[1] - a[1]);
  const score = signals.reduce((sum, [, weight]) => sum + weight, 0);
  return { score, spam: score >= SPAM_THRESHOLD, reasons: signals.map(([reason]) => reason) };
}

function words(text: string): number {
  return text.match(/\p{L}+/gu)?.length ?? 0;
}

/** Mostly letters of scripts none of the site's languages is written in. */
function foreignScript(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  const foreign = letters.filter((c) => !/\p{Script=Latin}/u.test(c)).length;
  return foreign >= 10 && foreign / letters.length >= 0.5;
}
