import type { Knex } from 'knex';
import { MEDIA_TYPES, mediaUrl, type MediaItem, type MediaType } from '#shared/media';
import type { Db } from '../../db/knex';
import { toIso } from '../../db/values';

type Row = Record<string, unknown>;

export type MediaRow = Omit<MediaItem, 'used_by'> & { hash: string };

const isMediaType = (value: unknown): value is MediaType =>
  (MEDIA_TYPES as readonly unknown[]).includes(value);

function toMedia(r: Row): MediaRow {
  const type = isMediaType(r.type) ? r.type : 'image/jpeg';
  const [id, width, height] = [Number(r.id), Number(r.width), Number(r.height)];
  const hash = String(r.hash);
  return {
    id,
    hash,
    url: mediaUrl({ id, hash, width, height, type }),
    width,
    height,
    type,
    name: String(r.name),
    bytes: Number(r.bytes),
    created_at: toIso(r.created_at),
  };
}

/** Plain knex queries on `media` and `media_variants`. */
export function createMediaRepo(db: Db | Knex.Transaction) {
  return {
    async insert(row: {
      hash: string;
      type: MediaType;
      width: number;
      height: number;
      bytes: number;
      name: string;
      created_by: number | null;
      created_at: string;
    }): Promise<number> {
      const [inserted] = await db('media').insert(row).returning('id');
      return Number(typeof inserted === 'object' ? inserted.id : inserted);
    },

    async insertVariant(row: {
      media_id: number;
      name: string;
      type: MediaType;
      width: number;
      height: number;
      bytes: number;
    }): Promise<void> {
      await db('media_variants').insert(row);
    },

    async find(id: number): Promise<MediaRow | null> {
      const row = await db('media').where({ id }).first();
      return row ? toMedia(row) : null;
    },

    /** Newest first; a page of them, or all. */
    async count(): Promise<number> {
      const row = await db('media').count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    async list(opts: { limit?: number; offset?: number } = {}): Promise<MediaRow[]> {
      const q = db('media').orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
      if (opts.limit !== undefined) q.limit(opts.limit).offset(opts.offset ?? 0);
      return (await q).map(toMedia);
    },

    /** The type of one stored file of an upload, or null when it has no file of that name. */
    async variantType(mediaId: number, name: string): Promise<MediaType | null> {
      const row = await db('media_variants').where({ media_id: mediaId, name }).first('type');
      return row && isMediaType(row.type) ? row.type : null;
    },

    async remove(id: number): Promise<boolean> {
      return (await db('media').where({ id }).delete()) > 0;
    },
  };
}
