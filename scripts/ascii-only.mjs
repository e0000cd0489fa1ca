// The server's two bundles are made ASCII-only at the end of their builds (scripts/build-server.mjs,
// the render bundle's plugin in vite.config.ts). V8 keeps an ASCII source as a one-byte string,
// half the memory of the two-byte string a single other character makes of a whole 5 MB bundle.
import { readFileSync, writeFileSync } from 'node:fs';

const hex = (unit) => `\\u${unit.toString(16).padStart(4, '0')}`;

/**
 * `code` with every character beyond ASCII written as its `\uXXXX` escape (an astral one as its
 * surrogate pair): the same string in a string, template or regular expression literal, the
 * same name in an identifier, and harmless in a comment, which is where most of them are.
 */
export function toAscii(code) {
  return code.replace(/[^\0-\x7f]/gu, (char) => {
    const point = char.codePointAt(0);
    if (point <= 0xffff) return hex(point);
    const offset = point - 0x10000;
    return hex(0xd800 + (offset >> 10)) + hex(0xdc00 + (offset & 0x3ff));
  });
}

/** Rewrites a built file as ASCII only (its source map's columns shift on the lines that change). */
export function rewriteAsAscii(file) {
  const code = readFileSync(file, 'utf8');
  const ascii = toAscii(code);
  if (ascii !== code) writeFileSync(file, ascii);
}
