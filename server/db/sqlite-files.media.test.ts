import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  linkSync,
  mkdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_SERVER, tempDataDir } from '../../tests/support/test-app';
import { checkMediaFiles } from './sqlite-files';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};

/** The server runs as nobody here, as it runs as forge on a server; making that user needs root. */
const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;

/** This Node, where nobody can run it (its own folder may be private to root). */
function nodeForAnyone(): string {
  const dir = tempDir();
  chmodSync(dir, 0o755);
  const node = path.join(dir, 'node');
  try {
    linkSync(process.execPath, node);
  } catch {
    copyFileSync(process.execPath, node);
    chmodSync(node, 0o755);
  }
  return node;
}

describe('the media folder at start (SQLite)', () => {
  it.skipIf(!asRoot)(
    'stops the start with one clear line when an upload’s files are not the server’s',
    () => {
      // What a restore run as root left: DATA_DIR the server's, an upload's folder root's, 0700.
      const dataDir = tempDir();
      const upload = path.join(dataDir, 'media', '1');
      mkdirSync(upload, { recursive: true });
      writeFileSync(path.join(upload, 'cell-800.webp'), 'RIFF-webp-bytes', { mode: 0o600 });
      chmodSync(upload, 0o700);
      chownSync(dataDir, NOBODY, NOBODY);
      chownSync(path.join(dataDir, 'media'), NOBODY, NOBODY);

      const run = spawnSync(nodeForAnyone(), [BUILT_SERVER], {
        uid: NOBODY,
        gid: NOBODY,
        env: {
          PATH: process.env.PATH,
          HOME: dataDir,
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
        },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.stderr.trim()).toBe(
        `Failed to start: ${upload} is not readable and writable by this process: fix the ` +
          `owner or permissions of ${path.join(dataDir, 'media')} and everything in it (it must ` +
          'all belong to the user the server runs as) and start again',
      );
      expect(run.status).toBe(1);
    },
  );

  it('lets a start through with no media folder or a usable one, and names a file in its place', () => {
    const dataDir = tempDir();
    expect(() => checkMediaFiles(dataDir)).not.toThrow();
    mkdirSync(path.join(dataDir, 'media', '1'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media', '1', 'cell-800.webp'), 'RIFF-webp-bytes');
    expect(() => checkMediaFiles(dataDir)).not.toThrow();
    rmSync(path.join(dataDir, 'media'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media'), '');
    expect(() => checkMediaFiles(dataDir)).toThrow(
      `${path.join(dataDir, 'media')} is not a folder: stop the server, move it away and start again`,
    );
  });
});
