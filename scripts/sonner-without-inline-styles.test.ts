import { readFileSync } from 'node:fs';
import { createRequire, SourceMap } from 'node:module';
import path from 'node:path';
import type { TransformResult } from 'vite';
import { describe, expect, it } from 'vitest';
import { sonnerWithoutInlineStyles } from './sonner-without-inline-styles.mjs';

const require = createRequire(import.meta.url);
const sonnerBuild = path.join(path.dirname(require.resolve('sonner')), 'index.mjs');

/** The plugin's transform, called as the bundler calls it. */
function transform(code: string, id: string): TransformResult | null {
  const hook = sonnerWithoutInlineStyles().transform as (code: string, id: string) => unknown;
  return hook(code, id) as TransformResult | null;
}

describe('sonnerWithoutInlineStyles', () => {
  const original = readFileSync(sonnerBuild, 'utf8');
  const result = transform(original, sonnerBuild)!;

  it('turns the installed sonner’s style injection into a plain return', () => {
    const inject = (code: string) => code.slice(code.indexOf('function __insertCSS'));
    expect(inject(original)).toMatch(/^function __insertCSS\(code\) \{\n\s+if \(!code/);
    expect(inject(result.code)).toMatch(/^function __insertCSS\(code\) \{\n\s+return\n/);
    expect(result.code).not.toContain("typeof document == 'undefined') return");
  });

  it('maps the changed module back to sonner’s own lines and columns', () => {
    const map = new SourceMap(result.map as ConstructorParameters<typeof SourceMap>[0]);
    const lines = result.code.split('\n');
    const line = lines.findIndex((text) => text.includes('let style = document.createElement'));
    const column = lines[line]!.indexOf('document');
    const entry = map.findEntry(line, column) as { originalLine: number; originalColumn: number };
    const originalLines = original.split('\n');
    expect(originalLines[entry.originalLine]!.slice(entry.originalColumn)).toMatch(
      /^document\.createElement\('style'\)/,
    );
  });

  it('fails the build when sonner no longer injects the way it is switched off', () => {
    const id = '/app/node_modules/sonner/dist/index.mjs';
    expect(() => transform('function __insertCSS(css) { document.head.append(css) }', id)).toThrow(
      /style injection has changed/,
    );
  });

  it('leaves every other module alone', () => {
    expect(transform("if (!code || typeof document == 'undefined') return", '/app/web/x.ts')).toBe(
      null,
    );
  });
});
