import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { toBool, toIsoOrNull } from '../../db/values';

/** Plain knex queries on `news_slug_history`: the slugs articles had while public. */
export function createSlugHistoryRepo(db: Db | Knex.Transaction) {
  const table = () => db('news_slug_history');

  return {
    /** The article that had `slug` before, with its current title, or null. */
    async previousOwner(slug: string): Promise<{ id: number; title: string } | null> {
      const row = await table()
        .join('news', 'news.id', 'news_slug_history.news_id')
        .where('news_slug_history.slug', slug)
        .first('news.id', 'news.title');
      return row ? { id: Number(row.id), title: String(row.title) } : null;
    },

    /** Where an old slug leads now: the article's (or page's) current slug, kind and state, or null. */
    async movedTo(slug: string): Promise<{
      slug: string;
      kind: 'article' | 'page';
      published: boolean;
      published_at: string | null;
    } | null> {
      const row = await table()
        .join('news', 'news.id', 'news_slug_history.news_id')
        .where('news_slug_history.slug', slug)
        .first('news.slug', 'news.kind', 'news.published', 'news.published_at');
      if (!row) return null;
      return {
        slug: String(row.slug),
        kind: row.kind === 'page' ? 'page' : 'article',
        published: toBool(row.published),
        published_at: toIsoOrNull(row.published_at),
      };
    },

    async add(newsId: number, slug: string, at: string): Promise<void> {
      await table()
        .insert({ news_id: newsId, slug, created_at: at })
        .onConflict('slug')
        .merge(['news_id', 'created_at']);
    },

    /** Forgets an old slug: its article has it again, or another article takes it over. */
    async release(slug: string): Promise<void> {
      await table().where({ slug }).delete();
    },
  };
}
