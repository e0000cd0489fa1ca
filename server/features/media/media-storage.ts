import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { Db } from '../../db/knex';

/**
 * Where the bytes of uploads live. One instance: files under DATA_DIR/media
 * (the SQLite default). Several instances on PostgreSQL: `media_blobs`
 * (pictures, written whole) and `media_chunks` (documents and videos, 1 MiB
 * rows), so every instance serves what any of them stored. Names are checked
 * by the caller (digits and a strict file pattern), so no path ever leaves
 * the media folder.
 */
export interface MediaStorage {
  readonly kind: 'files' | 'database';
  /** Stores a file, inside the transaction that records it (database), or before its commit (files). */
  put(trx: Knex.Transaction, mediaId: number, name: string, data: Buffer): Promise<void>;
  /** The same for a file on disk (a received upload), read a piece at a time. */
  putFile(trx: Knex.Transaction, mediaId: number, name: string, source: string): Promise<void>;
  /** A stored file: its size, and its bytes (all, or `start` to `end` inclusive) as a stream. */
  open(mediaId: number, name: string): Promise<StoredFile | null>;
  /** Removes an upload's files; rows of the database kind go with their `media` row. */
  removeAll(mediaId: number): Promise<void>;
}

export type StoredFile = { size: number; read(range?: { start: number; end: number }): Readable };

/** Rows of `media_chunks` hold this much (the last one less). */
export const CHUNK_BYTES = 1024 * 1024;

/** Files under `dir/<id>/<name>`, written to a temporary name first and renamed into place. */
export function fileStorage(dir: string): MediaStorage {
  const folder = (mediaId: number) => path.join(dir, String(mediaId));
  const place = async (mediaId: number, name: string, write: (to: string) => Promise<void>) => {
    await mkdir(folder(mediaId), { recursive: true });
    const target = path.join(folder(mediaId), name);
    const temporary = `${target}.${process.pid}.tmp`;
    await write(temporary);
    await rename(temporary, target);
  };
  return {
    kind: 'files',
    put: (_trx, mediaId, name, data) => place(mediaId, name, (to) => writeFile(to, data)),
    putFile: (_trx, mediaId, name, source) => place(mediaId, name, (to) => copyFile(source, to)),
    async open(mediaId, name) {
      const file = path.join(folder(mediaId), name);
      try {
        const { size } = await stat(file);
        return { size, read: (range) => createReadStream(file, range ?? {}) };
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

/** Rows of `media_blobs` and `media_chunks` (bytea), deleted with their upload by the foreign key. */
export function databaseStorage(db: Db): MediaStorage {
  async function chunks(mediaId: number, name: string): Promise<StoredFile | null> {
    const row = await db('media_chunks')
      .where({ media_id: mediaId, name })
      .first(db.raw('count(*) as n'), db.raw('sum(octet_length(data)) as size'));
    if (!row || Number(row.n) === 0) return null;
    const size = Number(row.size);
    const read = ({ start, end } = { start: 0, end: size - 1 }) =>
      Readable.from(
        (async function* () {
          for (
            let seq = Math.floor(start / CHUNK_BYTES);
            seq <= Math.floor(end / CHUNK_BYTES);
            seq++
          ) {
            const chunk = await db('media_chunks')
              .where({ media_id: mediaId, name, seq })
              .first('data');
            const data = Buffer.from(chunk!.data as Uint8Array);
            const from = seq * CHUNK_BYTES;
            yield data.subarray(Math.max(0, start - from), Math.min(data.length, end - from + 1));
          }
        })(),
      );
    return { size, read };
  }

  return {
    kind: 'database',
    async put(trx, mediaId, name, data) {
      await trx('media_blobs').insert({ media_id: mediaId, name, data });
    },
    async putFile(trx, mediaId, name, source) {
      const handle = await open(source, 'r');
      try {
        const buffer = Buffer.alloc(CHUNK_BYTES);
        for (let seq = 0; ; seq++) {
          const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, seq * CHUNK_BYTES);
          if (bytesRead === 0 && seq > 0) break;
          const data = Buffer.from(buffer.subarray(0, bytesRead));
          await trx('media_chunks').insert({ media_id: mediaId, name, seq, data });
          if (bytesRead < CHUNK_BYTES) break;
        }
      } finally {
        await handle.close();
      }
    },
    async open(mediaId, name) {
      const chunked = await chunks(mediaId, name);
      if (chunked) return chunked;
      const row = await db('media_blobs').where({ media_id: mediaId, name }).first('data');
      if (!row) return null;
      const data = Buffer.from(row.data as Uint8Array);
      return {
        size: data.length,
        read: (range) => Readable.from([range ? data.subarray(range.start, range.end + 1) : data]),
      };
    },
    async removeAll() {},
  };
}

export function createMediaStorage(kind: 'files' | 'database', db: Db, dataDir: string) {
  return kind === 'database' ? databaseStorage(db) : fileStorage(path.join(dataDir, 'media'));
}
