// What `npm start` runs is built from sources: the web bundles (dist/client, dist/ssr) and the
// server bundle (dist/server). After a build, a hash of its sources is recorded beside the output,
// so `npm start` can tell a missing or stale build (a fresh clone, a `git pull`) from a current
// one and rebuild only that part.
// `node scripts/build-stamp.mjs record <web|server>` records one (the end of each build script).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each build: the sources it is made of, the files it must leave, and its stamp. */
export const BUILDS = {
  web: {
    sources: [
      'web',
      'shared',
      'locales',
      'vite.config.ts',
      'vite.admin.config.ts',
      'scripts/ascii-only.mjs',
      'package-lock.json',
    ],
    outputs: [
      'dist/client/.vite/manifest.json',
      'dist/client/.vite/admin-manifest.json',
      'dist/ssr/entry-server.cjs',
    ],
    stamp: 'dist/web-build.sha256',
    script: 'build:web',
  },
  server: {
    sources: [
      'server',
      'shared',
      'migrations',
      'locales',
      'scripts/build-server.mjs',
      'scripts/ascii-only.mjs',
      // The compile cache it fills is for serve.sh's V8 flags.
      'scripts/warm-compile-cache.mjs',
      'scripts/serve.sh',
      'package-lock.json',
    ],
    outputs: [
      'dist/server/index.js',
      'dist/server/server.cjs',
      'dist/server/cli/admin.js',
      'dist/server/cli/backup.js',
      'dist/server/cli/db-copy.js',
    ],
    stamp: 'dist/server-build.sha256',
    script: 'build:server',
  },
};

/** Tests sit beside the code but are never built; changing one does not make a build stale. */
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** Every file under `entry` (a file or a folder), as sorted paths relative to `root`. */
function filesOf(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((d) => filesOf(root, path.posix.join(entry, d.name)))
    .sort();
}

/** One hash over the names and contents of every source file of a build. */
export function sourceHash(build, root = '.') {
  const hash = createHash('sha256');
  const files = BUILDS[build].sources
    .flatMap((entry) => filesOf(root, entry))
    .filter((f) => !isTest(f));
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** True when the build's output exists and was built from the sources as they are now. */
export function isBuildCurrent(build, root = '.') {
  const { outputs, stamp } = BUILDS[build];
  if (outputs.some((file) => !existsSync(path.join(root, file)))) return false;
  const file = path.join(root, stamp);
  return existsSync(file) && readFileSync(file, 'utf8').trim() === sourceHash(build, root);
}

export function recordBuild(build, root = '.') {
  writeFileSync(path.join(root, BUILDS[build].stamp), `${sourceHash(build, root)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'record') {
  const build = process.argv[3];
  if (!(build in BUILDS)) {
    console.error(`Usage: node scripts/build-stamp.mjs record <${Object.keys(BUILDS).join('|')}>`);
    process.exit(2);
  }
  recordBuild(build);
}
