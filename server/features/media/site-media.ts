import { z } from 'zod';
import {
  isImageType,
  isVideoType,
  type HeroMedia,
  type MediaUse,
  type SiteMediaSlot,
  type VideoType,
} from '#shared/media';
import type { ContentVersion } from '../../content-version';
import type { Db } from '../../db/knex';
import { BadRequestError } from '../../errors';
import { createMediaRepo, type MediaRow } from './media.repo';

/** Either part of the hero, or both: a part left out keeps what is chosen for it. */
const HeroUpdateSchema = z
  .object({
    video_id: z
      .number({ error: 'apiErrors.media.heroVideo' })
      .int()
      .positive()
      .nullable()
      .optional(),
    poster_id: z
      .number({ error: 'apiErrors.media.heroPoster' })
      .int()
      .positive()
      .nullable()
      .optional(),
  })
  .strict()
  .refine(
    (v) => v.video_id !== undefined || v.poster_id !== undefined,
    'apiErrors.media.heroNothing',
  );

/**
 * The uploads the site shows in places of its own (the home page's hero
 * video and still), from `site_media`. Read once per content version, like
 * the site texts: a change moves the content version, so every cache and
 * instance follows it.
 */
export function createSiteMedia({ db, version }: { db: Db; version: ContentVersion }) {
  const repo = createMediaRepo(db);
  let cached: { version: number; hero: Promise<HeroMedia> } | undefined;

  async function slots(): Promise<Map<SiteMediaSlot, number>> {
    const rows = await db('site_media').select('slot', 'media_id');
    return new Map(rows.map((r) => [r.slot as SiteMediaSlot, Number(r.media_id)]));
  }

  async function read(): Promise<HeroMedia> {
    const chosen = await slots();
    const find = async (slot: SiteMediaSlot) => {
      const id = chosen.get(slot);
      return id === undefined ? null : repo.find(id);
    };
    const [video, poster] = await Promise.all([find('hero-video'), find('hero-poster')]);
    return {
      video:
        video && isVideoType(video.type)
          ? {
              id: video.id,
              url: video.url,
              type: video.type as VideoType,
              width: video.width ?? 0,
              height: video.height ?? 0,
              poster_url: video.poster_url,
            }
          : null,
      poster:
        poster && isImageType(poster.type)
          ? { id: poster.id, url: poster.url, width: poster.width ?? 0, height: poster.height ?? 0 }
          : null,
    };
  }

  const fits = (row: MediaRow | null, slot: SiteMediaSlot) =>
    row !== null && (slot === 'hero-video' ? isVideoType(row.type) : isImageType(row.type));

  return {
    /** The hero as the public sees it now. */
    hero(): Promise<HeroMedia> {
      const now = version.current();
      if (cached?.version !== now) {
        const hero = read();
        cached = { version: now, hero };
        hero.catch(() => {
          if (cached?.hero === hero) cached = undefined;
        });
      }
      return cached.hero;
    },

    /**
     * Chooses the hero's video, its still, or both (null: the site's own); a
     * part the input leaves out keeps its choice, so two people changing one
     * part each do not undo each other. 400 for an upload that does not fit.
     */
    async setHero(input: unknown, at: string): Promise<void> {
      const parsed = HeroUpdateSchema.safeParse(input);
      if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message);
      const { video_id, poster_id } = parsed.data;
      const wanted: [SiteMediaSlot, number | null][] = [];
      if (video_id !== undefined) wanted.push(['hero-video', video_id]);
      if (poster_id !== undefined) wanted.push(['hero-poster', poster_id]);
      await db.transaction(async (trx) => {
        // Checked where the choice is written, the upload locked (PostgreSQL) until it is:
        // a deletion under way ends first (and the upload is gone, 400) or waits, then sees it used.
        const tx = createMediaRepo(trx);
        for (const [slot, id] of wanted) {
          if (id !== null && !fits(await tx.find(id, { lock: 'share' }), slot)) {
            throw new BadRequestError(
              slot === 'hero-video' ? 'apiErrors.media.heroVideo' : 'apiErrors.media.heroPoster',
            );
          }
        }
        for (const [slot, id] of wanted) {
          await trx('site_media').where({ slot }).delete();
          if (id !== null) await trx('site_media').insert({ slot, media_id: id, updated_at: at });
        }
      });
      // The home page shows it: every cached page and every instance reads the hero again.
      await version.changed('hero changed');
    },

    /** The places of the site each upload is shown in. */
    async uses(): Promise<Map<number, MediaUse[]>> {
      const uses = new Map<number, MediaUse[]>();
      for (const [slot, id] of await slots())
        uses.set(id, [...(uses.get(id) ?? []), { site: slot }]);
      return uses;
    },
  };
}

export type SiteMedia = ReturnType<typeof createSiteMedia>;
