/**
 * Keyboard mash and random tokens, told apart from prose in English,
 * Portuguese and German by the shape of the words alone. Acronyms
 * (CNC, HTTPS, GmbH), German compounds and accents are prose.
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
 * True when at least half of the longer words are junk, or when the Latin
 * letters of a long enough text hold almost no vowels.
 */
export function isGibberish(text: string): boolean {
  const runs = (text.match(LATIN_RUNS) ?? []).filter((w) => w.length >= 4);
  const tokens = text.split(/\s+/u).filter((t) => LETTER.test(t));
  const junk =
    runs.filter(isJunkWord).length +
    tokens.filter((t) => isRandomToken(t) && !isJunkWord(t)).length;
  if (runs.length > 0 && junk > 0 && junk / runs.length >= 0.5) return true;

  const lower = runs
    .filter((w) => w !== w.toUpperCase())
    .map(plain)
    .join('');
  if (lower.length < 20) return false;
  const vowels = lower.match(/[aeiouy]/gu)?.length ?? 0;
  return vowels / lower.length < 0.18;
}
