// The web bundles in dist/ are built from the sources below. After a build their
// hash is recorded beside the bundles, so `npm start` can tell a missing or stale
// build (a fresh clone, a `git pull`) from a current one.
// `node scripts/web-build-stamp.mjs record` records it (the end of `npm run build:web`).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_SOURCES = ['web', 'shared', 'locales', 'vite.config.ts', 'package-lock.json'];
export const WEB_OUTPUTS = ['dist/client/.vite/manifest.json', 'dist/ssr/entry-server.js'];
export const STAMP_FILE = 'dist/web-build.sha256';

/** Every file under `entry` (a file or a folder), as sorted paths relative to `root`. */
function filesOf(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((d) => filesOf(root, path.posix.join(entry, d.name)))
    .sort();
}

/** One hash over the names and contents of every web source file. */
export function webSourceHash(root = '.') {
  const hash = createHash('sha256');
  for (const file of WEB_SOURCES.flatMap((entry) => filesOf(root, entry))) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** True when the bundles exist and were built from the sources as they are now. */
export function isWebBuildCurrent(root = '.') {
  if (WEB_OUTPUTS.some((file) => !existsSync(path.join(root, file)))) return false;
  const stamp = path.join(root, STAMP_FILE);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === webSourceHash(root);
}

export function recordWebBuild(root = '.') {
  writeFileSync(path.join(root, STAMP_FILE), `${webSourceHash(root)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'record') {
  recordWebBuild();
}
