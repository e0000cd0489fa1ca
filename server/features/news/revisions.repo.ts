import type { Knex } from 'knex';
import { isLanguage, type Language } from '#shared/languages';
import type { Db } from '../../db/knex';
import { toIso } from '../../db/values';

/** The text of one language as a revision keeps it. */
export type Snapshot = {
  title: string;
  excerpt: string;
  content: string;
  image_alt: string | null;
};

export type RevisionRow = Snapshot & {
  id: number;
  /**
   * A translation's revision: the hash of the source text it was made from
   * (shared/source-hash.ts); null for the source language's, and for a
   * revision saved before revisions kept it.
   */
  source_hash: string | null;
  news_id: number;
  language: Language;
  user_id: number | null;
  username: string | null;
  created_at: string;
};

type Row = Record<string, unknown>;

function toRevision(r: Row): RevisionRow {
  return {
    id: Number(r.id),
    news_id: Number(r.news_id),
    language: isLanguage(r.language) ? r.language : 'en',
    title: String(r.title),
    excerpt: String(r.excerpt),
    content: String(r.content),
    image_alt: r.image_alt === null || r.image_alt === undefined ? null : String(r.image_alt),
    source_hash:
      r.source_hash === null || r.source_hash === undefined ? null : String(r.source_hash),
    user_id: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
    username: r.username === null || r.username === undefined ? null : String(r.username),
    created_at: toIso(r.created_at),
  };
}

/** Plain knex queries on `news_revisions`: one row per saved version of one language. */
export function createRevisionsRepo(db: Db | Knex.Transaction) {
  const table = () => db('news_revisions');

  return {
    /** The newest revision of each language of an article. */
    async latest(newsId: number): Promise<Map<Language, RevisionRow>> {
      const newest = table()
        .where({ news_id: newsId })
        .groupBy('language')
        .select(db.raw('max(id) as id'));
      const rows: Row[] = await table().whereIn('id', newest);
      return new Map(rows.map((r) => [toRevision(r).language, toRevision(r)]));
    },

    async insert(
      row: Snapshot & {
        source_hash: string | null;
        news_id: number;
        language: Language;
        user_id: number | null;
        username: string | null;
        created_at: string;
      },
    ): Promise<void> {
      await table().insert(row);
    },

    /** The source a revision's text counts as made from, as its translation now has it. */
    async setSourceHash(id: number, sourceHash: string): Promise<void> {
      await table().where({ id }).update({ source_hash: sourceHash });
    },

    /** Drops all but the newest `keep` revisions of one language of an article. */
    async prune(newsId: number, language: Language, keep: number): Promise<void> {
      const edge = await table()
        .where({ news_id: newsId, language })
        .orderBy('id', 'desc')
        .offset(keep)
        .first('id');
      if (edge) {
        await table().where({ news_id: newsId, language }).andWhere('id', '<=', edge.id).delete();
      }
    },

    /** Newest first; one language, or all. */
    async list(newsId: number, language?: Language): Promise<RevisionRow[]> {
      const q = table().where({ news_id: newsId });
      if (language) q.andWhere({ language });
      return (await q.orderBy('id', 'desc')).map(toRevision);
    },

    async find(newsId: number, id: number): Promise<RevisionRow | null> {
      const row = await table().where({ news_id: newsId, id }).first();
      return row ? toRevision(row) : null;
    },
  };
}

export type RevisionsRepo = ReturnType<typeof createRevisionsRepo>;
