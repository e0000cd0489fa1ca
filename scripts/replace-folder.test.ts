import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../server/project-root';
import { replaceFolder } from './replace-folder.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function write(dir: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

describe('replacing a folder built apart', () => {
  it('puts the new folder in place of the old, which is gone', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'replace-'));
    roots.push(root);
    write(root, 'ssr/entry-server.cjs', 'old');
    write(root, 'ssr/only-old.cjs', 'old');
    write(root, 'ssr.next/entry-server.cjs', 'new');
    replaceFolder(path.join(root, 'ssr.next'), path.join(root, 'ssr'));
    expect(readdirSync(root)).toEqual(['ssr']);
    expect(readdirSync(path.join(root, 'ssr'))).toEqual(['entry-server.cjs']);
    expect(readFileSync(path.join(root, 'ssr/entry-server.cjs'), 'utf8')).toBe('new');

    // The first build, and a replace cut off between its two renames, leave no `live` yet.
    write(root, 'server.next/server.cjs', 'first');
    write(root, 'server.old/server.cjs', 'cut off');
    replaceFolder(path.join(root, 'server.next'), path.join(root, 'server'));
    expect(readdirSync(root).sort()).toEqual(['server', 'ssr']);
    expect(readFileSync(path.join(root, 'server/server.cjs'), 'utf8')).toBe('first');
  });

  it('moves a link in the way rather than what it points to', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'replace-'));
    roots.push(root);
    write(root, 'shared/modules/a.js', 'shared');
    symlinkSync(path.join(root, 'shared/modules'), path.join(root, 'node_modules'));
    write(root, 'next/node_modules/b.js', 'new');
    replaceFolder(path.join(root, 'next/node_modules'), path.join(root, 'node_modules'));
    expect(readdirSync(path.join(root, 'node_modules'))).toEqual(['b.js']);
    expect(readdirSync(path.join(root, 'shared/modules'))).toEqual(['a.js']);
  });

  it('refuses to replace a folder with nothing', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'replace-'));
    roots.push(root);
    write(root, 'ssr/entry-server.cjs', 'old');
    expect(() => replaceFolder(path.join(root, 'ssr.next'), path.join(root, 'ssr'))).toThrow(
      /ssr\.next is not there/,
    );
    expect(readdirSync(path.join(root, 'ssr'))).toEqual(['entry-server.cjs']);
  });
});

/**
 * What a server of the previous release, still running during an upgrade,
 * reads from the build: the render bundle it reloads once rebuilt
 * (server/site/render.ts), the browser build's manifest, and the server
 * bundle and the admin CLIs (an admin command or a backup started meanwhile).
 */
const LIVE = [
  'dist/ssr/entry-server.cjs',
  'dist/client/.vite/manifest.json',
  'dist/server/index.js',
  'dist/server/server.cjs',
  'dist/server/cli/backup.js',
];

/**
 * Runs `npm run <script>` in `root` while looking for each of LIVE every
 * millisecond or so; returns, per file, the most looks in a row that found
 * it missing. Replaced by two renames, a file is missing for an instant no
 * look should fall into twice; rebuilt in place, for much of the build.
 */
async function buildWatching(root: string, script: string): Promise<Record<string, number>> {
  const run = { now: 0, most: 0 };
  const missing = Object.fromEntries(LIVE.map((file) => [file, { ...run }]));
  const child = spawn('npm', ['run', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const done = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let running = true;
  void done.then(() => (running = false));
  while (running) {
    for (const file of LIVE) {
      const seen = missing[file]!;
      seen.now = existsSync(path.join(root, file)) ? 0 : seen.now + 1;
      seen.most = Math.max(seen.most, seen.now);
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  expect(await done, output).toBe(0);
  return Object.fromEntries(LIVE.map((file) => [file, missing[file]!.most]));
}

describe('an upgrade rebuilding under a running server', () => {
  // A copy of the checkout and of its build (the global setup made it), the packages linked.
  const root = mkdtempSync(path.join(tmpdir(), 'rebuild-'));
  beforeAll(() => {
    const tracked = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { cwd: PROJECT_ROOT, encoding: 'utf8' },
    )
      .split('\0')
      // (A development checkout's node_modules may be an untracked link.)
      .filter(
        (file) =>
          file && lstatSync(path.join(PROJECT_ROOT, file), { throwIfNoEntry: false })?.isFile(),
      );
    for (const file of tracked) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      cpSync(path.join(PROJECT_ROOT, file), path.join(root, file));
    }
    symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'));
    cpSync(path.join(PROJECT_ROOT, 'dist'), path.join(root, 'dist'), { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(['build:ssr', 'build:server'])(
    '`npm run %s` never leaves the running build’s files missing',
    async (script) => {
      const before = statSync(path.join(root, 'dist/ssr/entry-server.cjs')).mtimeMs;
      const serverBefore = statSync(path.join(root, 'dist/server/server.cjs')).mtimeMs;
      const missing = await buildWatching(root, script);
      for (const [file, looks] of Object.entries(missing)) {
        expect(looks, `${file} was missing on ${looks} looks in a row`).toBeLessThanOrEqual(1);
      }
      // The new build is in place, and nothing is left beside it.
      const rebuilt =
        script === 'build:ssr' ? 'dist/ssr/entry-server.cjs' : 'dist/server/server.cjs';
      const was = script === 'build:ssr' ? before : serverBefore;
      expect(statSync(path.join(root, rebuilt)).mtimeMs).toBeGreaterThan(was);
      expect(readdirSync(path.join(root, 'dist')).filter((d) => /\.(next|old)$/.test(d))).toEqual(
        [],
      );
    },
    240_000,
  );
});
