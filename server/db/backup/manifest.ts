import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

/** What the backup and restore jobs read of the configuration: where the data is. */
export type Where = Pick<Config, 'dataDir' | 'databaseUrl'>;

/** A failure's cause, for the messages that wrap it (`… (cause). Nothing was changed.`). */
export const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The names in a backup folder: its manifest, PostgreSQL's dump (SQLite's is `site.db`), the media. */
export const MANIFEST = 'manifest.json';
export const PG_DUMP = 'database.dump';
export const MEDIA = 'media';

/** What a backup's folder is called while it is written: renamed to its own name once whole. */
export const UNFINISHED = '.partial';

export type Manifest = {
  format: 1;
  created_at: string;
  store: 'sqlite' | 'postgres';
  /** The newest migration the backed-up schema has: the release it belongs with. */
  migration: string | null;
  files: string[];
};

/** Writes the manifest into `dir`, owner-only: the last file of a backup. */
export function writeManifest(dir: string, manifest: Manifest): void {
  writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${dir} is not a backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`${file}: unknown backup format`);
  return manifest;
}
