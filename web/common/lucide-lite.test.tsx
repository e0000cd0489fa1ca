import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { describe, expect, it } from 'vitest';
import createLucideIcon from './lucide-lite';

const LUCIDE = path.resolve('node_modules/lucide-react/dist/esm');
const index = readFileSync(path.join(LUCIDE, 'lucide-react.mjs'), 'utf8');

/** Every icon name the web imports from lucide-react. */
function iconsInUse(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !name.includes('.test.')) {
        const source = readFileSync(file, 'utf8');
        for (const m of source.matchAll(/import \{([^}]+)\} from 'lucide-react'/g)) {
          for (const part of m[1]!.split(',')) {
            const id = part.trim();
            if (/^[A-Z]/.test(id)) names.add(id); // `type LucideIcon` is not an icon
          }
        }
      }
    }
  };
  walk(path.resolve('web'));
  return [...names].sort();
}

/** The data lucide-react builds an icon from, found through its own export list. */
async function iconData(name: string) {
  const line = index
    .split('\n')
    .find((l) => new RegExp(`default as ${name}[ ,}]`).test(l) && l.includes('./icons/'));
  const file = /from '(\.\/icons\/[^']+)'/.exec(line ?? '')?.[1];
  if (!file) throw new Error(`lucide-react has no icon ${name}`);
  const mod = (await import(path.join(LUCIDE, file))) as {
    __iconData: Parameters<typeof createLucideIcon>[0];
  };
  return mod.__iconData;
}

const variants = [
  { 'aria-hidden': 'true', className: 'size-4' },
  { className: 'size-5 shrink-0 text-red-700' },
  { 'aria-label': 'Open the menu' },
  {},
];

describe('the light lucide runtime the web is built with', () => {
  const names = iconsInUse();

  it('covers the icons the web uses', () => {
    expect(names.length).toBeGreaterThan(20);
  });

  it.each(names)('draws %s exactly as lucide-react does', async (name) => {
    const Real = (lucide as unknown as Record<string, ComponentType<object>>)[name]!;
    const Lite = createLucideIcon(await iconData(name)) as ComponentType<object>;
    for (const props of variants) {
      expect(renderToStaticMarkup(createElement(Lite, props))).toBe(
        renderToStaticMarkup(createElement(Real, props)),
      );
    }
  });
});
