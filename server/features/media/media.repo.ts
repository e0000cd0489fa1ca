import type { Knex } from 'knex';
import {
  DOCUMENT_TYPE,
  documentUrl,
  isImageType,
  isVideoType,
  mediaUrl,
  videoUrl,
  type MediaItem,
  TYPES_OF_KIND,
  type UploadKind,
  type UploadType,
} from '#shared/media';
import { isEmbedded, type Db } from '../../db/knex';
import { toIso } from '../../db/values';

type Row = Record<string, unknown>;

export type MediaRow = Omit<MediaItem, 'used_by'> & { hash: string };

const isUploadType = (value: unknown): value is UploadType =>
  typeof value === 'string' &&
  (isImageType(value) || isVideoType(value) || value === DOCUMENT_TYPE);

function toMedia(r: Row): MediaRow {
  const type = isUploadType(r.type) ? r.type : 'image/jpeg';
  const [id, width, height] = [Number(r.id), Number(r.width), Number(r.height)];
  const hash = String(r.hash);
  const url = isImageType(type)
    ? mediaUrl({ id, hash, width, height, type })
    : isVideoType(type)
      ? videoUrl({ id, hash, width, height, type })
      : documentUrl({ id, hash });
  const document = type === DOCUMENT_TYPE;
  return {
    id,
    hash,
    url,
    width: document ? null : width,
    height: document ? null : height,
    type,
    poster_url: r.poster ? `/media/${id}/${String(r.poster)}` : null,
    name: String(r.name),
    bytes: Number(r.bytes),
    created_at: toIso(r.created_at),
  };
}

/** How a read in a transaction locks the uploads it finds (PostgreSQL; see `find`). */
export type RowLock = 'update' | 'share';

/** Plain knex queries on `media` and `media_variants`. */
export function createMediaRepo(db: Db | Knex.Transaction) {
  const locked = <T extends Knex.QueryBuilder>(query: T, lock: RowLock | undefined) =>
    lock === undefined || isEmbedded(db)
      ? query
      : lock === 'update'
        ? query.forUpdate()
        : query.forShare();
  return {
    async insert(row: {
      hash: string;
      type: UploadType;
      width: number;
      height: number;
      bytes: number;
      name: string;
      /** A video's still: the name of its picture's main file. */
      poster: string | null;
      created_by: number | null;
      created_at: string;
    }): Promise<number> {
      const [inserted] = await db('media').insert(row).returning('id');
      return Number(typeof inserted === 'object' ? inserted.id : inserted);
    },

    async insertVariant(row: {
      media_id: number;
      name: string;
      type: UploadType;
      width: number;
      height: number;
      bytes: number;
    }): Promise<void> {
      await db('media_variants').insert(row);
    },

    /**
     * One upload, or null. With `lock`, on PostgreSQL its row stays locked
     * until the transaction this repo was made on ends: `update` for its
     * deletion, `share` for a write putting it to use, so the two take
     * turns and the second sees the first; on SQLite a write transaction
     * holds the whole database already.
     */
    async find(id: number, { lock }: { lock?: RowLock } = {}): Promise<MediaRow | null> {
      const query = db('media').where({ id }).first();
      const row = await locked(query, lock);
      return row ? toMedia(row) : null;
    },

    /** Newest first; a page of them, or all. */
    /** How many uploads there are (of one kind, if asked). */
    async count(kind?: UploadKind): Promise<number> {
      const q = db('media');
      if (kind) q.whereIn('type', TYPES_OF_KIND[kind]);
      const row = await q.count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    /** Newest first; a page of them, or all; of one kind, if asked. */
    async list(
      opts: { limit?: number; offset?: number; kind?: UploadKind } = {},
    ): Promise<MediaRow[]> {
      const q = db('media').orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
      if (opts.kind) q.whereIn('type', TYPES_OF_KIND[opts.kind]);
      if (opts.limit !== undefined) q.limit(opts.limit).offset(opts.offset ?? 0);
      return (await q).map(toMedia);
    },

    /** One stored file of an upload: its type and the upload's name; null when it has no such file. */
    async variant(
      mediaId: number,
      name: string,
    ): Promise<{ type: UploadType; upload: string } | null> {
      const row = await db('media_variants')
        .join('media', 'media.id', 'media_variants.media_id')
        .where({ 'media_variants.media_id': mediaId, 'media_variants.name': name })
        .first('media_variants.type as type', 'media.name as upload');
      return row && isUploadType(row.type) ? { type: row.type, upload: String(row.upload) } : null;
    },

    /**
     * Those of `ids` that no upload has (deleted, or never there). With
     * `lock`, the others stay locked as `find` locks them.
     */
    async missing(ids: readonly number[], { lock }: { lock?: RowLock } = {}): Promise<number[]> {
      if (ids.length === 0) return [];
      const query = db('media').whereIn('id', ids).select('id');
      const rows: Row[] = await locked(query, lock);
      const found = new Set(rows.map((r) => Number(r.id)));
      return ids.filter((id) => !found.has(id));
    },

    async remove(id: number): Promise<boolean> {
      return (await db('media').where({ id }).delete()) > 0;
    },
  };
}
