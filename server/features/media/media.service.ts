import type { ListPage } from '#shared/list-query';
import {
  MEDIA_PAGE_SIZE,
  type DocumentUse,
  type HeroMedia,
  type MediaItem,
  type MediaUse,
  type UploadKind,
  type UploadType,
} from '#shared/media';
import { pageOffset } from '#shared/pagination';
import { systemClock, type Clock } from '../../clock';
import type { Db } from '../../db/knex';
import { ConflictError, NotFoundError } from '../../errors';
import { NOBODY, type Who } from '../../http/who';
import type { Logger } from '../../logger';
import { NO_AUDIT, type AuditRecorder } from '../../audit-recorder';
import type { NewsService } from '../news/news.service';
import type { ContentVersion } from '../../content-version';
import type { MediaStorage, StoredFile } from './media-storage';
import { createMediaRepo, type MediaRow } from './media.repo';
import { prepareUpload, type ReceivedFile } from './prepare-upload';
import { createSiteMedia } from './site-media';

export interface MediaService {
  /** Checks a received upload (an image, a PDF, a video) and stores it with its files. */
  upload(file: ReceivedFile, who?: Who): Promise<MediaItem>;
  list(opts?: { page?: number; perPage?: number }): Promise<MediaItem[]>;
  /** One page of the uploads (of one kind, if asked), newest first, and how many there are. */
  page(opts: { page: number; perPage?: number; kind?: UploadKind }): Promise<ListPage<MediaItem>>;
  /** 409 while an article, a page or the site shows it; else its rows and files are gone. */
  remove(id: number, who?: Who): Promise<{ id: number }>;
  /** One stored file, its type and its upload's name, or null (no such upload or file). */
  file(
    mediaId: number,
    name: string,
  ): Promise<{ type: UploadType; upload: string; stored: StoredFile } | null>;
  /** The home page's hero as the company chose it (read once per content version). */
  hero(): Promise<HeroMedia>;
  /** `PUT /api/media/hero`: its video and still; 400 for an upload that does not fit. */
  setHero(input: unknown, who?: Who): Promise<HeroMedia>;
}

/** A name fit for the library: the uploaded name without a path or control characters. */
function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 255) || 'file';
}

const merged = (...maps: Map<number, MediaUse[]>[]) => {
  const all = new Map<number, MediaUse[]>();
  for (const map of maps)
    for (const [id, uses] of map) all.set(id, [...(all.get(id) ?? []), ...uses]);
  return all;
};

/**
 * Uploads: checked and turned into their files (prepare-upload.ts: pictures
 * with responsive copies, PDFs as they are, videos with a still), stored in
 * one transaction with their rows, listed with what shows them (articles,
 * pages, the home page's hero), and deleted only when nothing does.
 */
export function createMediaService(deps: {
  db: Db;
  storage: MediaStorage;
  news: Pick<NewsService, 'mediaUses'>;
  logger: Logger;
  clock?: Clock;
  /** Where uploads and deletions are recorded, with who made them. */
  audit?: AuditRecorder;
  /** The version of public content: the hero is read again when it moves. */
  version: ContentVersion;
  /**
   * The site's public origin (PUBLIC_URL), if set: a full address on it is a
   * use like a path (`/media/…`). One on another site is none.
   */
  origin?: string;
}): MediaService {
  const { db, storage, news, logger, clock = systemClock, audit = NO_AUDIT, version } = deps;
  const repo = createMediaRepo(db);
  const site = createSiteMedia({ db, version });
  const uses = async () => merged(await news.mediaUses(deps.origin), await site.uses());
  // One image at a time per process: decoding a 40-megapixel upload takes its share of memory.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  const withUses = (rows: MediaRow[], uses: Map<number, MediaUse[]>): MediaItem[] =>
    rows.map(({ hash: _hash, ...row }) => ({ ...row, used_by: uses.get(row.id) ?? [] }));

  async function store(file: ReceivedFile, who: Who): Promise<number> {
    const prepared = await prepareUpload(file);
    const written: number[] = [];
    try {
      return await db.transaction(async (trx) => {
        const tx = createMediaRepo(trx);
        const id = await tx.insert({
          hash: prepared.hash,
          type: prepared.type,
          width: prepared.width,
          height: prepared.height,
          bytes: prepared.bytes,
          name: displayName(file.name),
          poster: prepared.poster,
          created_by: who.actor?.id ?? null,
          created_at: clock().toISOString(),
        });
        written.push(id);
        for (const stored of prepared.files) {
          const { name, type, width, height, bytes } = stored;
          if ('data' in stored) await storage.put(trx, id, name, stored.data);
          else await storage.putFile(trx, id, name, stored.source);
          await tx.insertVariant({ media_id: id, name, type, width, height, bytes });
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
      await audit.record(who, {
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
      return withUses(rows, await uses());
    },

    async page({ page, perPage = MEDIA_PAGE_SIZE, kind }) {
      const [rows, total, used] = await Promise.all([
        repo.list({ limit: perPage, offset: pageOffset(page, perPage), kind }),
        repo.count(kind),
        uses(),
      ]);
      return { items: withUses(rows, used), total };
    },

    async remove(id, who = NOBODY) {
      // The uses are read and the upload deleted in one transaction. On PostgreSQL the
      // upload's row is locked first: a save or the hero putting it to use meanwhile waits,
      // then finds it gone (400), and one that came first is among the uses read (409). On
      // SQLite the write transactions take turns.
      const row = await db.transaction(async (trx) => {
        const tx = createMediaRepo(trx);
        const found = await tx.find(id, { lock: 'update' });
        if (!found) throw new NotFoundError('apiErrors.media.notFound');
        const users = (await uses()).get(id) ?? [];
        if (users.some((use) => 'site' in use)) {
          throw new ConflictError('apiErrors.media.inUseHero');
        }
        if (users.length > 0) {
          const [first] = users as DocumentUse[];
          const key = users.length === 1 ? 'apiErrors.media.inUse' : 'apiErrors.media.inUseMany';
          throw new ConflictError(key).with({ title: first!.title, count: users.length - 1 });
        }
        await tx.remove(id);
        return found;
      });
      await storage.removeAll(id).catch((err: unknown) => {
        logger.warn({ err, mediaId: id }, 'media: files of a deleted upload could not be removed');
      });
      await audit.record(who, {
        action: 'media.deleted',
        target_type: 'media',
        target_id: id,
        summary: row.name,
      });
      return { id };
    },

    async file(mediaId, name) {
      const variant = await repo.variant(mediaId, name);
      if (!variant) return null;
      const stored = await storage.open(mediaId, name);
      return stored ? { ...variant, stored } : null;
    },

    hero: () => site.hero(),

    async setHero(input, who = NOBODY) {
      await site.setHero(input, clock().toISOString());
      const hero = await site.hero();
      await audit.record(who, {
        action: 'media.hero_changed',
        target_type: 'media',
        summary: [hero.video?.id ?? '-', hero.poster?.id ?? '-'].join(' / '),
      });
      return hero;
    },
  };
}
