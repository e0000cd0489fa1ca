import type { ListPage } from '#shared/list-query';
import { MEDIA_PAGE_SIZE, type MediaItem, type MediaType, type MediaUse } from '#shared/media';
import { pageOffset } from '#shared/pagination';
import { systemClock, type Clock } from '../../clock';
import type { Db } from '../../db/knex';
import { ConflictError, NotFoundError } from '../../errors';
import { NOBODY, type Who } from '../../http/who';
import type { Logger } from '../../logger';
import type { AuditRecorder } from '../audit/audit.service';
import type { NewsService } from '../news/news.service';
import { processImage } from './image-variants';
import type { MediaStorage } from './media-storage';
import { createMediaRepo, type MediaRow } from './media.repo';

export type UploadedFile = { bytes: Buffer; name: string; mimeType: string };

export interface MediaService {
  upload(file: UploadedFile, who?: Who): Promise<MediaItem>;
  list(opts?: { page?: number; perPage?: number }): Promise<MediaItem[]>;
  /** One page of the uploads, newest first, and how many there are. */
  page(opts: { page: number; perPage?: number }): Promise<ListPage<MediaItem>>;
  /** 409 while an article shows it; else its rows and files are gone. */
  remove(id: number, who?: Who): Promise<{ id: number }>;
  /** One stored file and its type, or null (no such upload or file). */
  file(mediaId: number, name: string): Promise<{ type: MediaType; data: Buffer } | null>;
}

/** A name fit for the library: the uploaded name without a path or control characters. */
function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 255) || 'image';
}

/**
 * Uploaded images: checked and turned into their files (image-variants.ts),
 * stored in one transaction with their rows, listed with the articles that
 * show them, and deleted only when no article does.
 */
export function createMediaService(deps: {
  db: Db;
  storage: MediaStorage;
  news: Pick<NewsService, 'mediaUses'>;
  logger: Logger;
  clock?: Clock;
  /** Where uploads and deletions are recorded, with who made them. */
  audit?: AuditRecorder;
}): MediaService {
  const { db, storage, news, logger, clock = systemClock, audit } = deps;
  const repo = createMediaRepo(db);
  // One image at a time per process: decoding a 40-megapixel upload takes its share of memory.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const withUses = (rows: MediaRow[], uses: Map<number, MediaUse[]>): MediaItem[] =>
    rows.map(({ hash: _hash, ...row }) => ({ ...row, used_by: uses.get(row.id) ?? [] }));

  async function store(file: UploadedFile, who: Who): Promise<number> {
    const image = await processImage(file.bytes, file);
    const main = image.files[0]!;
    const written: number[] = [];
    try {
      return await db.transaction(async (trx) => {
        const tx = createMediaRepo(trx);
        const id = await tx.insert({
          hash: image.hash,
          type: image.type,
          width: image.width,
          height: image.height,
          bytes: main.data.length,
          name: displayName(file.name),
          created_by: who.actor?.id ?? null,
          created_at: clock().toISOString(),
        });
        written.push(id);
        for (const { data, ...variant } of image.files) {
          await storage.put(trx, id, variant.name, data);
          await tx.insertVariant({ media_id: id, ...variant, bytes: data.length });
        }
        return id;
      });
    } catch (error) {
      // Files written before a failed commit would be orphans: take them away again.
      for (const id of written) await storage.removeAll(id).catch(() => undefined);
      throw error;
    }
  }

  return {
    async upload(file, who = NOBODY) {
      const id = await oneAtATime(() => store(file, who));
      const row = (await repo.find(id))!;
      await audit?.record(who, {
        action: 'media.uploaded',
        target_type: 'media',
        target_id: id,
        summary: row.name,
      });
      return withUses([row], new Map())[0]!;
    },

    async list({ page, perPage = 50 } = {}) {
      const rows = await repo.list(
        page === undefined ? {} : { limit: perPage, offset: pageOffset(page, perPage) },
      );
      return withUses(rows, await news.mediaUses());
    },

    async page({ page, perPage = MEDIA_PAGE_SIZE }) {
      const [rows, total, uses] = await Promise.all([
        repo.list({ limit: perPage, offset: pageOffset(page, perPage) }),
        repo.count(),
        news.mediaUses(),
      ]);
      return { items: withUses(rows, uses), total };
    },

    async remove(id, who = NOBODY) {
      const row = await repo.find(id);
      if (!row) throw new NotFoundError('apiErrors.media.notFound');
      const users = (await news.mediaUses()).get(id) ?? [];
      if (users.length > 0) {
        const [first] = users;
        const key = users.length === 1 ? 'apiErrors.media.inUse' : 'apiErrors.media.inUseMany';
        throw new ConflictError(key).with({ title: first!.title, count: users.length - 1 });
      }
      await repo.remove(id);
      await storage.removeAll(id).catch((err: unknown) => {
        logger.warn({ err, mediaId: id }, 'media: files of a deleted upload could not be removed');
      });
      await audit?.record(who, {
        action: 'media.deleted',
        target_type: 'media',
        target_id: id,
        summary: row.name,
      });
      return { id };
    },

    async file(mediaId, name) {
      const type = await repo.variantType(mediaId, name);
      if (!type) return null;
      const data = await storage.get(mediaId, name);
      return data ? { type, data } : null;
    },
  };
}
