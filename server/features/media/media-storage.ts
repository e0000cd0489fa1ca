import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';

/**
 * Where the bytes of uploaded images live. One instance: files under
 * DATA_DIR/media (the SQLite default). Several instances on PostgreSQL: the
 * `media_blobs` table, so every instance serves what any of them stored.
 * Names are checked by the caller (digits and a strict file pattern), so no
 * path ever leaves the media folder.
 */
export interface MediaStorage {
  readonly kind: 'files' | 'database';
  /** Stores a file, inside the transaction that records it (database), or before its commit (files). */
  put(trx: Knex.Transaction, mediaId: number, name: string, data: Buffer): Promise<void>;
  get(mediaId: number, name: string): Promise<Buffer | null>;
  /** Removes an upload's files; rows of the database kind go with their `media` row. */
  removeAll(mediaId: number): Promise<void>;
}

/** Files under `dir/<id>/<name>`, written to a temporary name first and renamed into place. */
export function fileStorage(dir: string): MediaStorage {
  const folder = (mediaId: number) => path.join(dir, String(mediaId));
  return {
    kind: 'files',
    async put(_trx, mediaId, name, data) {
      await mkdir(folder(mediaId), { recursive: true });
      const target = path.join(folder(mediaId), name);
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, target);
    },
    async get(mediaId, name) {
      try {
        return await readFile(path.join(folder(mediaId), name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async removeAll(mediaId) {
      await rm(folder(mediaId), { recursive: true, force: true });
    },
  };
}

/** Rows of `media_blobs` (bytea on PostgreSQL), deleted with their upload by the foreign key. */
export function databaseStorage(db: Db): MediaStorage {
  return {
    kind: 'database',
    async put(trx, mediaId, name, data) {
      await trx('media_blobs').insert({ media_id: mediaId, name, data });
    },
    async get(mediaId, name) {
      const row = await db('media_blobs').where({ media_id: mediaId, name }).first('data');
      return row ? Buffer.from(row.data as Uint8Array) : null;
    },
    async removeAll() {},
  };
}

export function createMediaStorage(kind: 'files' | 'database', db: Db, dataDir: string) {
  return kind === 'database' ? databaseStorage(db) : fileStorage(path.join(dataDir, 'media'));
}
