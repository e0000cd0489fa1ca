import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isWebBuildCurrent, recordWebBuild } from './web-build-stamp.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function write(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** A project with web sources and built bundles, as a fresh `npm run build:web` leaves it. */
function builtProject() {
  const root = mkdtempSync(path.join(tmpdir(), 'stamp-'));
  roots.push(root);
  write(root, 'web/site/page.tsx', 'export const a = 1;');
  write(root, 'shared/slug.ts', 'export const b = 2;');
  write(root, 'locales/en.json', '{"hello":"Hello"}');
  write(root, 'vite.config.ts', 'export default {};');
  write(root, 'package-lock.json', '{}');
  write(root, 'dist/client/.vite/manifest.json', '{}');
  write(root, 'dist/ssr/entry-server.js', '');
  recordWebBuild(root);
  return root;
}

describe('web build stamp (npm start rebuilds only what is stale)', () => {
  it('is current right after a build', () => {
    expect(isWebBuildCurrent(builtProject())).toBe(true);
  });

  it('is stale when a source changes, is added, or a translation changes', () => {
    for (const change of [
      (root: string) => write(root, 'web/site/page.tsx', 'export const a = 2;'),
      (root: string) => write(root, 'web/site/new-page.tsx', ''),
      (root: string) => write(root, 'locales/en.json', '{"hello":"Hi"}'),
      (root: string) => write(root, 'package-lock.json', '{"lockfileVersion":3}'),
    ]) {
      const root = builtProject();
      change(root);
      expect(isWebBuildCurrent(root)).toBe(false);
      recordWebBuild(root);
      expect(isWebBuildCurrent(root)).toBe(true);
    }
  });

  it('is stale when a bundle or the stamp is missing', () => {
    const noSsr = builtProject();
    rmSync(path.join(noSsr, 'dist/ssr/entry-server.js'));
    expect(isWebBuildCurrent(noSsr)).toBe(false);
    const noStamp = builtProject();
    rmSync(path.join(noStamp, 'dist/web-build.sha256'));
    expect(isWebBuildCurrent(noStamp)).toBe(false);
  });

  it('ignores changes outside the web sources', () => {
    const root = builtProject();
    write(root, 'server/app.ts', 'changed');
    write(root, 'README.md', 'changed');
    expect(isWebBuildCurrent(root)).toBe(true);
  });
});
