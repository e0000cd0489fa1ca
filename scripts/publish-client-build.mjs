// The last step of `npm run build:web`: puts the browser build, made in a fresh folder
// (dist/client.next), in place of the one servers and nginx read (dist/client), with the
// previous build's hashed files (`assets/`) carried over into it.
//
// An upgrade builds while the servers of the previous release still run (docs/deploy.md):
// their kept pages, and the pages of instances not yet restarted, name that build's scripts
// and styles, which nginx then serves from the new folder. Hashed names never collide, so the
// two builds sit side by side; what a build carried over is not carried again, so the files
// of builds older than the previous one are gone. Building apart also leaves dist/client whole
// while vite works, instead of emptied for the whole build.
// `node scripts/publish-client-build.mjs [next] [live]` (defaults: dist/client.next, dist/client).
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { replaceFolder } from './replace-folder.mjs';

/** In a published build: the files that build itself wrote (not those it carried over). */
export const BUILD_FILES = '.vite/build-files.json';

/** Every file under `dir`, as sorted `a/b.js` paths relative to it. */
function filesOf(dir, sub = '') {
  return readdirSync(path.join(dir, sub), { withFileTypes: true })
    .flatMap((d) => {
      const rel = sub ? `${sub}/${d.name}` : d.name;
      return d.isDirectory() ? filesOf(dir, rel) : [rel];
    })
    .sort();
}

/** The files the build published in `live` wrote; all of them for a build from before this step. */
function ownFiles(live) {
  const record = path.join(live, BUILD_FILES);
  if (existsSync(record)) return JSON.parse(readFileSync(record, 'utf8'));
  return existsSync(live) ? filesOf(live) : [];
}

/**
 * Publishes the build in `next` as `live`: records the files it wrote,
 * carries over the hashed files the previous build in `live` wrote (hard
 * links, or copies where a link cannot be made), then swaps the folders (two
 * renames: `live` is missing for an instant, never half-written). Returns
 * the names carried over.
 */
export function publishClientBuild(next, live) {
  const old = `${live}.old`;
  // A publish cut off between its two renames left the previous build aside.
  if (!existsSync(live) && existsSync(old)) renameSync(old, live);
  rmSync(old, { recursive: true, force: true });

  const own = filesOf(next).filter((file) => file !== BUILD_FILES);
  mkdirSync(path.dirname(path.join(next, BUILD_FILES)), { recursive: true });
  writeFileSync(path.join(next, BUILD_FILES), `${JSON.stringify(own, null, 1)}\n`);

  const carried = [];
  for (const file of ownFiles(live)) {
    if (!file.startsWith('assets/')) continue;
    const from = path.join(live, file);
    const to = path.join(next, file);
    if (existsSync(to) || !existsSync(from)) continue;
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
    carried.push(file);
  }

  replaceFolder(next, live);
  return carried;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const next = process.argv[2] ?? 'dist/client.next';
  const live = process.argv[3] ?? 'dist/client';
  const carried = publishClientBuild(next, live);
  console.log(`published ${next} as ${live}, with ${carried.length} files of the previous build`);
}
