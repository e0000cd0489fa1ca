import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_FILES, publishClientBuild } from './publish-client-build.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function write(dir: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

/** A dist/ folder; `build(n)` writes the files build n makes into `next`, as vite does. */
function project() {
  const root = mkdtempSync(path.join(tmpdir(), 'publish-'));
  roots.push(root);
  const next = path.join(root, 'client.next');
  const live = path.join(root, 'client');
  const build = (n: number, extra: Record<string, string> = {}) => {
    for (const file of [`assets/site-${n}.js`, `assets/site-${n}.js.br`, `assets/admin-${n}.css`])
      write(next, file, `build ${n}`);
    // Unchanged sources keep their hashed name from build to build.
    write(next, 'assets/font-same.woff2', `font of build ${n}`);
    write(next, 'favicon.svg', `<svg>${n}</svg>`);
    write(next, 'admin/index.html', `admin ${n}`);
    write(next, '.vite/manifest.json', `{"n":${n}}`);
    for (const [file, text] of Object.entries(extra)) write(next, file, text);
    return publishClientBuild(next, live);
  };
  const assets = () => readdirSync(path.join(live, 'assets')).sort();
  return { root, next, live, build, assets };
}

describe('publishing a browser build (npm run build:web)', () => {
  it('keeps the previous build’s hashed files beside the new one, and drops older ones', () => {
    const p = project();
    expect(p.build(1)).toEqual([]);
    expect(p.assets()).toEqual(['admin-1.css', 'font-same.woff2', 'site-1.js', 'site-1.js.br']);
    expect(existsSync(p.next)).toBe(false);

    // Build 2: the pages of servers still on build 1 find their files.
    expect(p.build(2).sort()).toEqual([
      'assets/admin-1.css',
      'assets/site-1.js',
      'assets/site-1.js.br',
    ]);
    expect(p.assets()).toEqual([
      'admin-1.css',
      'admin-2.css',
      'font-same.woff2',
      'site-1.js',
      'site-1.js.br',
      'site-2.js',
      'site-2.js.br',
    ]);
    // Names without a hash are the new build's own; a shared hashed name is the new file.
    expect(readFileSync(path.join(p.live, 'favicon.svg'), 'utf8')).toBe('<svg>2</svg>');
    expect(readFileSync(path.join(p.live, 'assets/font-same.woff2'), 'utf8')).toBe(
      'font of build 2',
    );

    // Build 3: build 1's files are gone, build 2's stay.
    p.build(3);
    expect(p.assets()).toEqual([
      'admin-2.css',
      'admin-3.css',
      'font-same.woff2',
      'site-2.js',
      'site-2.js.br',
      'site-3.js',
      'site-3.js.br',
    ]);
    const record = JSON.parse(readFileSync(path.join(p.live, BUILD_FILES), 'utf8')) as string[];
    expect(record).toContain('assets/site-3.js');
    expect(record).not.toContain('assets/site-2.js');
    expect(readdirSync(p.root).sort()).toEqual(['client']);
  });

  it('carries over only hashed files: a file the new build no longer makes elsewhere goes', () => {
    const p = project();
    p.build(1, { 'media/old-picture.jpg': 'jpg' });
    p.build(2);
    expect(existsSync(path.join(p.live, 'media/old-picture.jpg'))).toBe(false);
  });

  it('takes a build from before this step (no record of its files) as wholly its own', () => {
    const p = project();
    write(p.live, 'assets/site-0.js', 'build 0');
    write(p.live, '.vite/manifest.json', '{}');
    p.build(1);
    expect(p.assets()).toContain('site-0.js');
    p.build(2);
    expect(p.assets()).not.toContain('site-0.js');
  });

  it('finishes a publish cut off between its two renames', () => {
    const p = project();
    p.build(1);
    // The previous build set aside, the new one not yet in its place.
    renameSync(p.live, `${p.live}.old`);
    p.build(2);
    expect(p.assets()).toContain('site-1.js');
    expect(readdirSync(p.root).sort()).toEqual(['client']);
  });
});
