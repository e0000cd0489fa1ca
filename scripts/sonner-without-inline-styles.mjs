import MagicString from 'magic-string';

/** Where sonner's browser builds inject their stylesheet, and what stops it. */
const INJECTION = "if (!code || typeof document == 'undefined') return";
const SONNER_DIST = /[\\/]sonner[\\/]dist[\\/]index\.m?js$/;

/**
 * Sonner injects its stylesheet with a `<style>` element at import time, which
 * the CSP (`style-src 'self'`) blocks with a console error on every page. The
 * same rules ship as a file (web/common/sonner-styled.ts imports it), so the
 * injection is switched off: its guard becomes a plain `return`, with a
 * source map of the change. A sonner whose build no longer holds the guard
 * fails the build instead of injecting again unnoticed.
 */
export function sonnerWithoutInlineStyles() {
  return {
    name: 'sonner-without-inline-styles',
    transform(code, id) {
      if (!SONNER_DIST.test(id)) return null;
      const at = code.indexOf(INJECTION);
      if (at === -1) {
        throw new Error(`${id}: sonner's style injection has changed; update ${import.meta.url}`);
      }
      const edited = new MagicString(code);
      edited.overwrite(at, at + INJECTION.length, 'return');
      return { code: edited.toString(), map: edited.generateMap({ hires: true, source: id }) };
    },
  };
}
