/**
 * Keyboard mash and random tokens, told apart from prose in English,
 * Portuguese and German by the shape of the words alone. Acronyms
 * (CNC, HTTPS, GmbH), German compounds and accents are prose, and so are
 * dimensions in letters (WxHxD, BxHxT, LxAxP) and codes with digits
 * (KRC4, SN-4711-B, serial numbers such as xKqZmPt3).
 */

const VOWELS = /[aeiouy]/u;
/** Runs along a keyboard row (QWERTY and QWERTZ) that no word of the three languages holds. */
const KEYBOARD_RUNS = /asdf|sdfg|dfgh|fghj|ghjk|hjkl|qwer|werty|uiop|yxcv|zxcv|xcvb|cvbn|vbnm/u;
/** Letter pairs read as one sound, so "Angstschweiß" does not count as a consonant run. */
const DIGRAPHS = /sch|ch|ck|ph|th|sh|gh|ng|nh|lh|qu/gu;
// The patterns with `\p{…}` are built once here: the server's bundler writes
// such a literal as `new RegExp(…)`, which inside a function runs per call.
const ASCII = /^[ -~]*$/u;
const MARKS = /\p{M}/gu;
const NOT_LETTERS = /[^\p{L}]/gu;
const LOWER_THEN_UPPER = /\p{Ll}(?=\p{Lu})/gu;
const LATIN_RUNS = /\p{Script=Latin}+/gu;
const LETTER = /\p{L}/u;
/** Punctuation around a word: "(BxHxT:", "KRC5,". */
const EDGES = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
/** Single letters joined by x or ×: the names of a size's dimensions. */
const DIMENSIONS = /^\p{L}(?:[x×]\p{L}){1,3}$/iu;
/** Letters and digits, at least one of each, maybe in parts joined by - / . _ */
const CODE = /^(?=[^\p{N}]*\p{N})(?=[^\p{L}]*\p{L})[\p{L}\p{N}]+(?:[-/._][\p{L}\p{N}]+)*$/u;

/** Latin letters without accents, lower case: "Müller" -> "muller". */
function plain(token: string): string {
  if (ASCII.test(token)) return token.toLowerCase();
  return token.normalize('NFD').replace(MARKS, '').toLowerCase();
}

function longestConsonantRun(word: string): number {
  let longest = 0;
  let run = 0;
  for (const c of word.replace(DIGRAPHS, 'C')) {
    run = 'aeiouy'.includes(c) ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** One run of letters that does not look like a word (lower case; acronyms are spared). */
function isJunkWord(original: string): boolean {
  const word = plain(original);
  if (word.length < 5) return false;
  const acronym = original === original.toUpperCase();
  if (!acronym && !VOWELS.test(word)) return true;
  if (KEYBOARD_RUNS.test(word)) return true;
  if (/(.)\1{3}/u.test(word)) return true;
  return !acronym && longestConsonantRun(word) >= 7;
}

/** Three or more switches from lower to upper case inside one token: "xKqZmPt". */
function isRandomToken(token: string): boolean {
  const letters = token.replace(NOT_LETTERS, '');
  return (letters.match(LOWER_THEN_UPPER)?.length ?? 0) >= 3;
}

/**
 * The text without its dimensions and codes, and how many of them (of 4
 * characters or more) it held. They are prose only beside a word that looks
 * like one: codes alone ("xKqZmPt3 gTwLrBvC5") are read like any other word.
 */
function withoutCodes(text: string): { rest: string; codes: number } {
  let codes = 0;
  const rest = text
    .split(/\s+/u)
    .filter((token) => {
      const bare = token.replace(EDGES, '');
      const code = DIMENSIONS.test(bare) || CODE.test(bare);
      if (code && bare.length >= 4) codes += 1;
      return !code;
    })
    .join(' ');
  const words = (rest.match(LATIN_RUNS) ?? []).filter((w) => w.length >= 4 && !isJunkWord(w));
  return words.length > 0 ? { rest, codes } : { rest: text, codes: 0 };
}

/**
 * True when at least half of the longer words are junk (two of them at
 * least, or every one: a single odd word among two is a short enquiry's
 * serial number more often than a bot's), or when the Latin letters of a
 * long enough text hold almost no vowels.
 */
export function isGibberish(text: string): boolean {
  const { rest, codes } = withoutCodes(text);
  const runs = (rest.match(LATIN_RUNS) ?? []).filter((w) => w.length >= 4);
  const tokens = rest.split(/\s+/u).filter((t) => LETTER.test(t));
  const junk =
    runs.filter(isJunkWord).length +
    tokens.filter((t) => isRandomToken(t) && !isJunkWord(t)).length;
  const words = runs.length + codes;
  if (runs.length > 0 && junk > 0 && (junk >= 2 || junk >= words) && junk / words >= 0.5)
    return true;

  const lower = runs
    .filter((w) => w !== w.toUpperCase())
    .map(plain)
    .join('');
  if (lower.length < 20) return false;
  const vowels = lower.match(/[aeiouy]/gu)?.length ?? 0;
  return vowels / lower.length < 0.18;
}
