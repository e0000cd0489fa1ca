import type { Knex } from 'knex';
import type { PreviewLink } from '#shared/previews';
import type { Db } from '../../db/knex';
import { toIso } from '../../db/values';

type Row = Record<string, unknown>;

function toLink(r: Row): PreviewLink {
  return {
    id: Number(r.id),
    news_id: Number(r.news_id),
    expires_at: toIso(r.expires_at),
    created_at: toIso(r.created_at),
    created_by:
      r.created_by === null || r.created_by === undefined
        ? null
        : { id: Number(r.created_by), username: String(r.username ?? '') },
  };
}

/** Plain knex queries on `news_previews`: share links, by the hash of their token. */
export function createPreviewsRepo(db: Db | Knex.Transaction) {
  const table = () => db('news_previews');
  const withAuthor = () =>
    table()
      .leftJoin('users', 'users.id', 'news_previews.created_by')
      .select('news_previews.*', 'users.username');

  return {
    async insert(row: {
      news_id: number;
      token_hash: string;
      expires_at: string;
      created_by: number | null;
      created_at: string;
    }): Promise<PreviewLink> {
      const [inserted] = await table().insert(row).returning('id');
      const id = Number(typeof inserted === 'object' ? inserted.id : inserted);
      return toLink(await withAuthor().where('news_previews.id', id).first());
    },

    /** Links of an article that still work at `now`, newest first. */
    async active(newsId: number, now: string): Promise<PreviewLink[]> {
      const rows: Row[] = await withAuthor()
        .where('news_previews.news_id', newsId)
        .andWhere('news_previews.expires_at', '>', now)
        .orderBy('news_previews.id', 'desc');
      return rows.map(toLink);
    },

    async remove(newsId: number, id: number): Promise<boolean> {
      return (await table().where({ news_id: newsId, id }).delete()) > 0;
    },

    /** The article a token opens at `now`, or null (unknown, expired or revoked). */
    async articleOf(tokenHash: string, now: string): Promise<number | null> {
      const row = await table()
        .where({ token_hash: tokenHash })
        .andWhere('expires_at', '>', now)
        .first('news_id');
      return row ? Number(row.news_id) : null;
    },

    /** Expired links are of no use to anyone: they go when new ones are made. */
    async removeExpired(now: string): Promise<void> {
      await table().where('expires_at', '<=', now).delete();
    },
  };
}
