import type { Article, CategoryCount } from '#shared/news';
import type { Db } from '../../db/knex';
import { now, toBool, toCount, toIso, toIsoOrNull } from '../../db/values';

type Row = Record<string, unknown>;

/** The fields a write sets; times are added here. */
export type ArticleFields = Omit<Article, 'id' | 'created_at' | 'updated_at'>;

function toArticle(row: Row): Article {
  return {
    id: Number(row.id),
    title: String(row.title),
    excerpt: String(row.excerpt),
    content: String(row.content),
    category: String(row.category),
    slug: String(row.slug),
    image_url: row.image_url === null || row.image_url === undefined ? null : String(row.image_url),
    published: toBool(row.published),
    published_at: toIsoOrNull(row.published_at),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** Plain knex queries on `news`; every value goes through bindings. */
export function createNewsRepo(db: Db) {
  const news = () => db('news');
  const published = () => news().where('published', true);

  return {
    async countPublished(category?: string): Promise<number> {
      const q = published();
      if (category) q.andWhere('category', category);
      const row = await q.count({ n: '*' }).first();
      return toCount(row?.n);
    },

    async listPublished(opts: { limit: number; offset: number; category?: string }) {
      const q = published();
      if (opts.category) q.andWhere('category', opts.category);
      const rows = await q
        .orderBy([
          { column: 'published_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(opts.limit)
        .offset(opts.offset);
      return rows.map(toArticle);
    },

    async listAll(opts: { limit?: number; offset?: number; published?: boolean }) {
      const q = news();
      if (opts.published !== undefined) q.where('published', opts.published);
      q.orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
      if (opts.limit !== undefined) q.limit(opts.limit).offset(opts.offset ?? 0);
      return (await q).map(toArticle);
    },

    async findById(id: number): Promise<Article | null> {
      const row = await news().where({ id }).first();
      return row ? toArticle(row) : null;
    },

    async findBySlug(slug: string): Promise<Article | null> {
      const row = await news().where({ slug }).first();
      return row ? toArticle(row) : null;
    },

    async slugOwner(slug: string): Promise<number | null> {
      const row = await news().where({ slug }).first('id');
      return row ? Number(row.id) : null;
    },

    async insert(fields: ArticleFields, createdAt = now()): Promise<Article> {
      const [row] = await news()
        .insert({ ...fields, created_at: createdAt, updated_at: createdAt })
        .returning('id');
      return (await this.findById(Number(typeof row === 'object' ? row.id : row)))!;
    },

    async update(id: number, fields: Partial<ArticleFields>): Promise<Article | null> {
      const count = await news()
        .where({ id })
        .update({ ...fields, updated_at: now() });
      return count ? this.findById(id) : null;
    },

    async remove(id: number): Promise<boolean> {
      return (await news().where({ id }).delete()) > 0;
    },

    async isEmpty(): Promise<boolean> {
      const row = await news().count({ n: '*' }).first();
      return toCount(row?.n) === 0;
    },

    async categories(): Promise<CategoryCount[]> {
      const rows: Row[] = await published()
        .select('category')
        .count({ count: '*' })
        .groupBy('category')
        .orderBy([
          { column: 'count', order: 'desc' },
          { column: 'category', order: 'asc' },
        ]);
      return rows.map((r) => ({ category: String(r.category), count: toCount(r.count) }));
    },

    async sitemapEntries() {
      const rows = await published()
        .select('slug', 'updated_at', 'published_at')
        .orderBy('published_at', 'desc');
      return rows.map((r) => ({
        slug: String(r.slug),
        updated_at: toIso(r.updated_at),
        published_at: toIso(r.published_at ?? r.updated_at),
      }));
    },
  };
}

export type NewsRepo = ReturnType<typeof createNewsRepo>;
