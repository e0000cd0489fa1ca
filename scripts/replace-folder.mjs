// Puts a folder built apart in place of the one running code reads, by two renames: the render
// bundle (dist/ssr.next, `npm run build:ssr`), the server (dist/server.next,
// scripts/build-server.mjs), the browser build (scripts/publish-client-build.mjs) and the
// dependencies (node_modules.next, scripts/install.sh).
//
// An upgrade builds and installs while the servers of the previous release still run
// (docs/deploy.md). Made in place, each of these was missing or half-written for as long as its
// build or `npm ci` took: a server not yet restarted reloads a changed render bundle (its mtime,
// server/site/render.ts) and loads some packages only when first used (sharp, at the first
// upload). Built apart, the live folder is whole until it is replaced, and then missing for the
// instant between the two renames only. The previous folder is deleted at once: a running server
// finds its files by path, so a copy under another name would serve it nothing (its server bundle
// and source maps it has read whole at start).
// `node scripts/replace-folder.mjs <next> <live>`.
import { existsSync, lstatSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Replaces `live` (if any) with `next`, and deletes the previous `live`. */
export function replaceFolder(next, live) {
  if (!existsSync(next))
    throw new Error(`${next} is not there: nothing to put in place of ${live}`);
  const old = `${live}.old`;
  rmSync(old, { recursive: true, force: true });
  // lstat: a link (a development checkout's node_modules) is moved, not followed.
  if (lstatSync(live, { throwIfNoEntry: false })) renameSync(live, old);
  renameSync(next, live);
  rmSync(old, { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [next, live] = process.argv.slice(2);
  if (!next || !live) {
    console.error('Usage: node scripts/replace-folder.mjs <next> <live>');
    process.exit(2);
  }
  replaceFolder(next, live);
}
