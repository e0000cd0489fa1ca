import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILDS, isBuildCurrent, recordBuild } from './build-stamp.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function write(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** A project with sources and both builds, as a fresh `npm run build` leaves it. */
function builtProject() {
  const root = mkdtempSync(path.join(tmpdir(), 'stamp-'));
  roots.push(root);
  write(root, 'web/site/page.tsx', 'export const a = 1;');
  write(root, 'server/app.ts', 'export const s = 1;');
  write(root, 'migrations/1_users.ts', 'export const m = 1;');
  write(root, 'shared/slug.ts', 'export const b = 2;');
  write(root, 'locales/en.json', '{"hello":"Hello"}');
  write(root, 'vite.config.ts', 'export default {};');
  write(root, 'package-lock.json', '{}');
  for (const build of Object.values(BUILDS))
    for (const file of build.outputs) write(root, file, '');
  recordBuild('web', root);
  recordBuild('server', root);
  return root;
}

const current = (root: string) => ({
  web: isBuildCurrent('web', root),
  server: isBuildCurrent('server', root),
});

describe('build stamps (npm start rebuilds only what is stale)', () => {
  it('are current right after a build', () => {
    expect(current(builtProject())).toEqual({ web: true, server: true });
  });

  it.each([
    ['a page', 'web/site/page.tsx', { web: false, server: true }],
    ['a new page', 'web/site/new-page.tsx', { web: false, server: true }],
    ['a server module', 'server/app.ts', { web: true, server: false }],
    ['a migration', 'migrations/2_news.ts', { web: true, server: false }],
    ['shared code', 'shared/slug.ts', { web: false, server: false }],
    ['a translation', 'locales/en.json', { web: false, server: false }],
    ['the lock file', 'package-lock.json', { web: false, server: false }],
  ])('go stale where %s changes (%s)', (_what, file, expected) => {
    const root = builtProject();
    write(root, file, 'changed');
    expect(current(root)).toEqual(expected);
    recordBuild('web', root);
    recordBuild('server', root);
    expect(current(root)).toEqual({ web: true, server: true });
  });

  it('ignore tests and files outside the sources', () => {
    const root = builtProject();
    write(root, 'server/app.test.ts', 'changed');
    write(root, 'web/site/page.test.tsx', 'changed');
    write(root, 'README.md', 'changed');
    expect(current(root)).toEqual({ web: true, server: true });
  });

  it('are stale when an output or the stamp is missing', () => {
    const noSsr = builtProject();
    rmSync(path.join(noSsr, 'dist/ssr/entry-server.cjs'));
    expect(current(noSsr)).toEqual({ web: false, server: true });
    const noStamp = builtProject();
    rmSync(path.join(noStamp, BUILDS.server.stamp));
    expect(current(noStamp)).toEqual({ web: true, server: false });
  });
});
