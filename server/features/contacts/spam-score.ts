import type { SpamReason } from '#shared/contact';
import { countLinks, LINK } from '#shared/links';
import { isGibberish } from './gibberish';

/**
 * Scores an enquiry on what it contains and how it was sent, with no outside
 * service. Each signal adds weight; SPAM_THRESHOLD or more files it as spam.
 * The weights keep the promise of docs/api.md ("E-mail"): ordinary prose (at most a link or
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

const EMAIL = /[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+/gu;
/**
 * Link markup of web pages and forums: an HTML anchor, a BBCode tag with a
 * value (`[url=…]`, `[img=…]`, `[link=…]`), or one opening with its closing
 * tag (`[url]…[/url]`). A bracketed word alone is prose: `[link]` where the
 * sender meant to paste one, `[URL removed by mail filter]`, `[Link zur Zeichnung]`.
 */
const LINK_MARKUP =
  /<\s*a\b[^>]*\bhref|\[\s*(?:url|link|img)\s*=|\[\s*(url|link|img)\b[^\]]*\][\s\S]*?\[\s*\/\s*\1\s*\]/iu;
const HTML_TAG = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/iu;

/**
 * Phrases of the unsolicited offers every contact form receives. They are
 * ASCII, so they go without the `u` flag, which costs dearly here: with
 * it, V8 folds the case of every letter around each `\b`, and reading a
 * short message for all fifteen took longer than the rest of its scoring.
 */
const SPAM_PHRASES = [
  /\bseo\b/i,
  /\bbacklinks?\b/i,
  /first page of google/i,
  /\b(?:rank|ranking) (?:higher|first|#1)\b/i,
  /\bguest posts?\b/i,
  /\b(?:web(?:site)?|organic) traffic\b/i,
  /\bcasino\b/i,
  /\b(?:viagra|cialis)\b/i,
  /\bcrypto(?:currency|currencies)?\b/i,
  /\bbitcoin\b/i,
  /\bforex\b/i,
  /\b(?:make|earn) money\b/i,
  /\bpayday loans?\b/i,
  /\bescort(?:s| service)\b/i,
  /\bunsubscribe\b/i,
];
/** Any of them, so the usual message, which holds none, is read once instead of once per phrase. */
const ANY_SPAM_PHRASE = new RegExp(SPAM_PHRASES.map((p) => p.source).join('|'), 'i');

/** A weight per signal; the strongest first in `reasons`. */
export function scoreEnquiry(input: SpamInput): SpamVerdict {
  const signals: [SpamReason, number][] = [];
  const add = (reason: SpamReason, weight: number) => {
    if (weight > 0) signals.push([reason, weight]);
  };
  const { message } = input;
  const links = countLinks(message);

  if (input.formMs !== undefined)
    add('fast', input.formMs < 2000 ? 9 : input.formMs < 4000 ? 5 : 0);
  add('links', links >= 5 ? 10 : links >= 3 ? 6 : links === 2 ? 3 : links);
  if (LINK_MARKUP.test(message)) add('markup', 10);
  else if (HTML_TAG.test(message)) add('markup', 5);
  const withoutLinks = links > 0 ? message.replace(LINK, ' ') : message;
  if (links > 0) {
    const prose = words(withoutLinks);
    add('url-only', prose < 2 ? 9 : prose === 2 ? 4 : 0);
  }
  if (isGibberish(withoutLinks.replace(EMAIL, ' '))) add('gibberish', 10);
  if (foreignScript(message)) add('script', 3);
  const phrases = ANY_SPAM_PHRASE.test(message)
    ? SPAM_PHRASES.filter((p) => p.test(message)).length
    : 0;
  add('phrases', phrases >= 2 ? 7 : phrases * 4);
  if (/https?:\/\/|www\./iu.test(input.name)) add('link-in-name', 6);
  add('repeated', input.repeats >= REPEATS_THAT_COUNT ? 5 : input.repeats >= 2 ? 3 : 0);

  signals.sort((a, b) => b[1] - a[1]);
  const score = signals.reduce((sum, [, weight]) => sum + weight, 0);
  return { score, spam: score >= SPAM_THRESHOLD, reasons: signals.map(([reason]) => reason) };
}

// Built once (see gibberish.ts: the bundler writes `\p{…}` literals as `new RegExp`).
const WORDS = /\p{L}+/gu;
const LETTERS = /\p{L}/gu;
const NON_LATIN_LETTERS = /(?!\p{Script=Latin})\p{L}/gu;

function words(text: string): number {
  return text.match(WORDS)?.length ?? 0;
}

/** Mostly letters of scripts none of the site's languages is written in. */
function foreignScript(text: string): boolean {
  const foreign = text.match(NON_LATIN_LETTERS)?.length ?? 0;
  return foreign >= 10 && foreign / (text.match(LETTERS)?.length ?? 1) >= 0.5;
}
