import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, tempDataDir } from '../../../tests/support/test-app';
import { createBackup } from './create-backup';
import { backupKeeping } from './prune';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
};

/** A closed SQLite site with an upload's file. */
async function site() {
  const dataDir = tempDir();
  await (await createTestApp({}, dataDir)).close();
  mkdirSync(path.join(dataDir, 'media', '1'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media', '1', 'cell-800.webp'), 'RIFF-webp-bytes');
  return { dataDir, databaseUrl: undefined };
}

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 3, 15));
const name = (n: number) => `backup-${day(n).toISOString().replace(/[:.]/g, '-')}`;

describe('npm run backup -- --keep N', () => {
  it('keeps the N newest backups it made and touches nothing else in the folder', async () => {
    const config = await site();
    const out = tempDir();
    // What else lives there: the operator's notes, a copy made by hand, a backup cut short
    // (no manifest), and a link to a backup kept elsewhere.
    writeFileSync(path.join(out, 'README.txt'), 'Off-site copies: restic, nightly.');
    mkdirSync(path.join(out, 'backup-before-the-move'));
    mkdirSync(path.join(out, name(1)));
    const elsewhere = tempDir();
    const kept = (await createBackup(config, elsewhere, day(2))).dir;
    symlinkSync(kept, path.join(out, name(2)));
    const foreign = readdirSync(out).sort();

    for (const n of [10, 11, 12]) {
      expect((await backupKeeping(config, out, 5, day(n))).removed).toEqual([]);
    }
    const made = await backupKeeping(config, out, 2, day(13));
    expect(made.removed.map((dir) => path.basename(dir))).toEqual([name(11), name(10)]);
    expect(readdirSync(out).sort()).toEqual([...foreign, name(12), name(13)].sort());
    expect(existsSync(path.join(kept, 'manifest.json'))).toBe(true);

    // Without --keep nothing is deleted, as before.
    expect((await backupKeeping(config, out, undefined, day(14))).removed).toEqual([]);
    expect(readdirSync(out).filter((n) => n.startsWith('backup-2026-11-1'))).toHaveLength(3);
  });

  it('keeps the new backup even when the clock went back, and only then deletes', async () => {
    const config = await site();
    const out = tempDir();
    await backupKeeping(config, out, 1, day(20));
    const made = await backupKeeping(config, out, 1, day(19));
    expect(made.removed.map((dir) => path.basename(dir))).toEqual([name(20)]);
    expect(readdirSync(out)).toEqual([name(19)]);
  });

  it('deletes nothing when the new backup fails', async () => {
    const config = await site();
    const out = tempDir();
    for (const n of [1, 2, 3]) await backupKeeping(config, out, 3, day(n));
    // The database is gone from under the backup (a wrong DATA_DIR, a broken disk).
    const broken = { dataDir: tempDir(), databaseUrl: undefined };
    await expect(backupKeeping(broken, out, 1, day(4))).rejects.toThrow(
      `Could not write a backup to ${out} (`,
    );
    // Nor is anything of the failed backup left there, under its name or another.
    expect(readdirSync(out).sort()).toEqual([name(1), name(2), name(3)]);
  });

  it('deletes what a failed run left a day ago or more, never a backup still being written', async () => {
    const config = await site();
    const out = tempDir();
    // A run killed mid-copy two days ago, and one that began two hours ago and may still run.
    const stale = `${name(12)}.partial`;
    const fresh = `${name(14).replace('T03-15', 'T01-15')}.partial`;
    for (const unfinished of [stale, fresh]) {
      mkdirSync(path.join(out, unfinished, 'media'), { recursive: true });
      writeFileSync(path.join(out, unfinished, 'site.db'), 'half a database');
    }
    const made = await backupKeeping(config, out, 1, day(14));
    expect(made.unfinished.map((dir) => path.basename(dir))).toEqual([stale]);
    expect(readdirSync(out).sort()).toEqual([name(14), fresh].sort());
  });

  it('deletes what a failed run left on every run, without --keep too', async () => {
    const config = await site();
    const out = tempDir();
    const stale = `${name(12)}.partial`;
    const fresh = `${name(14).replace('T03-15', 'T01-15')}.partial`;
    for (const unfinished of [stale, fresh]) mkdirSync(path.join(out, unfinished));
    // Without --keep no whole backup is deleted, as before; only the leftover a day old.
    const made = await backupKeeping(config, out, undefined, day(14));
    expect(made).toMatchObject({ removed: [] });
    expect(made.unfinished.map((dir) => path.basename(dir))).toEqual([stale]);
    await backupKeeping(config, out, undefined, day(15));
    expect(readdirSync(out).sort()).toEqual([name(14), name(15)]);
  });

  it('deletes nothing unfinished when the new backup fails', async () => {
    const out = tempDir();
    const stale = `${name(12)}.partial`;
    mkdirSync(path.join(out, stale));
    const broken = { dataDir: tempDir(), databaseUrl: undefined };
    await expect(backupKeeping(broken, out, undefined, day(14))).rejects.toThrow(
      `Could not write a backup to ${out} (`,
    );
    expect(readdirSync(out)).toEqual([stale]);
  });
});
