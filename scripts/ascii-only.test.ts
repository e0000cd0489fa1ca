import { describe, expect, it } from 'vitest';
import { toAscii } from './ascii-only.mjs';

/** Evaluates code the way a bundle is run. */
const run = (code: string): unknown => new Function(`return (${code});`)();

describe('toAscii', () => {
  it('leaves ASCII code as it is', () => {
    const code = 'const a = "plain"; // comment\n';
    expect(toAscii(code)).toBe(code);
  });

  it.each([
    ['a string', '"Máquinas für Übermorgen"'],
    ['a template', '`Olá ${1 + 1} Straße`'],
    ['an astral character', '"👋 olá"'],
    ['a regular expression', '"Straße".replace(/ß/g, "ss")'],
    ['a unicode regular expression', '/^[👋ß]$/u.test("👋")'],
    ['an identifier', '(() => { const café = "ü"; return café; })()'],
    ['an object key', '({ größe: "groß" }).größe'],
  ])('gives %s the same value in ASCII only', (_what, code) => {
    const ascii = toAscii(code);
    expect(/^[\0-\x7f]*$/.test(ascii)).toBe(true);
    expect(run(ascii)).toEqual(run(code));
  });

  it('writes each character as its escape, an astral one as its surrogate pair', () => {
    expect(toAscii('"ß👋"')).toBe('"\\u00df\\ud83d\\udc4b"');
  });
});
