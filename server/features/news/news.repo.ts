import type { Knex } from 'knex';
import { articleLanguages, type ArticleTranslations } from '#shared/article-languages';
import { pickLanguage, type Language } from '#shared/languages';
import type { AdminArticle } from '#shared/news';
import type { Db } from '../../db/knex';
import { now, toBool, toCount, toIso, toIsoOrNull } from '../../db/values';
import { createTranslationsRepo, type TranslationRow } from './translations.repo';

type Row = Record<string, unknown>;

/** The fields a write sets on `news`; times are added here. */
export type ArticleFields = Omit<
  AdminArticle,
  'id' | 'created_at' | 'updated_at' | 'language' | 'languages' | 'translations'
> & { source_updated_at?: string };

/** Which articles a list holds. */
export type ArticleFilter = {
  /** Only what visitors see at this time (ISO 8601): published, and its time has come. */
  publicAt?: string;
  published?: boolean;
  /** Stored category values, any of which matches (a known category and its labels). */
  categories?: string[];
  /** Only articles that lack this language. */
  missing?: Language;
};

function toAdminArticle(row: Row, rows: TranslationRow[]): AdminArticle {
  const sourceChanged = Date.parse(toIso(row.source_updated_at ?? row.updated_at));
  const translations: ArticleTranslations = {};
  const source = pickLanguage(row.source_language);
  for (const t of rows) {
    if (t.language === source) continue;
    translations[t.language] = {
      title: t.title,
      excerpt: t.excerpt,
      content: t.content,
      image_alt: t.image_alt,
      updated_at: t.updated_at,
      outdated: Date.parse(t.updated_at) < sourceChanged,
    };
  }
  return {
    id: Number(row.id),
    title: String(row.title),
    excerpt: String(row.excerpt),
    content: String(row.content),
    category: String(row.category),
    slug: String(row.slug),
    image_url: row.image_url === null || row.image_url === undefined ? null : String(row.image_url),
    image_alt: row.image_alt === null || row.image_alt === undefined ? null : String(row.image_alt),
    published: toBool(row.published),
    published_at: toIsoOrNull(row.published_at),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    language: source,
    source_language: source,
    languages: articleLanguages(source, translations),
    translations,
  };
}

const NEWEST_PUBLISHED = [
  { column: 'published_at', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;
const NEWEST_CREATED = [
  { column: 'created_at', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/**
 * Plain knex queries on `news` and its translations; every value goes through
 * bindings. Articles come back with their source text at the top level and
 * every translation (`AdminArticle`); the service resolves a language.
 */
export function createNewsRepo(db: Db | Knex.Transaction) {
  const news = () => db('news');
  const translations = createTranslationsRepo(db);

  function filtered({ publicAt, published, categories, missing }: ArticleFilter) {
    const q = news();
    if (publicAt !== undefined) visibleAt(q, publicAt);
    if (published !== undefined) q.where('news.published', published);
    if (categories) q.whereIn('news.category', categories);
    if (missing) {
      q.whereNot('news.source_language', missing).whereNotExists(
        db('news_translations')
          .select(db.raw('1'))
          .whereRaw('news_translations.news_id = news.id')
          .andWhere('news_translations.language', missing),
      );
    }
    return q;
  }

  async function withTranslations(rows: Row[]): Promise<AdminArticle[]> {
    const byArticle = await translations.forArticles(rows.map((r) => Number(r.id)));
    return rows.map((r) => toAdminArticle(r, byArticle.get(Number(r.id)) ?? []));
  }

  return {
    translations,

    async count(filter: ArticleFilter): Promise<number> {
      const row = await filtered(filter).count({ n: '*' }).first();
      return toCount(row?.n);
    },

    /** Public articles at `now`, newest publication first. */
    async listPublished(opts: {
      now: string;
      limit: number;
      offset: number;
      categories?: string[];
    }) {
      const rows = await filtered({ publicAt: opts.now, categories: opts.categories })
        .orderBy([...NEWEST_PUBLISHED])
        .limit(opts.limit)
        .offset(opts.offset);
      return withTranslations(rows);
    },

    /** Every article (drafts included), newest first; all of them without a limit. */
    async listAll(opts: ArticleFilter & { limit?: number; offset?: number }) {
      const q = filtered(opts)
        .select('news.*')
        .orderBy([...NEWEST_CREATED]);
      if (opts.limit !== undefined) q.limit(opts.limit).offset(opts.offset ?? 0);
      return withTranslations(await q);
    },

    async findById(id: number): Promise<AdminArticle | null> {
      const row = await news().where({ id }).first();
      return row ? (await withTranslations([row]))[0]! : null;
    },

    async findBySlug(slug: string): Promise<AdminArticle | null> {
      const row = await news().where({ slug }).first();
      return row ? (await withTranslations([row]))[0]! : null;
    },

    async slugOwner(slug: string): Promise<number | null> {
      const row = await news().where({ slug }).first('id');
      return row ? Number(row.id) : null;
    },

    /** A new article; its source text counts as written at `at`. Returns its id. */
    async insert(fields: ArticleFields, at = now()): Promise<number> {
      const [row] = await news()
        .insert({ source_updated_at: at, ...fields, created_at: at, updated_at: at })
        .returning('id');
      return Number(typeof row === 'object' ? row.id : row);
    },

    async update(id: number, fields: Partial<ArticleFields>, at = now()): Promise<boolean> {
      return (
        (await news()
          .where({ id })
          .update({ ...fields, updated_at: at })) > 0
      );
    },

    async remove(id: number): Promise<boolean> {
      return (await news().where({ id }).delete()) > 0;
    },

    /** Public articles at `now` per stored category value. */
    async categories(now: string): Promise<{ category: string; count: number }[]> {
      const rows: Row[] = await filtered({ publicAt: now })
        .select('category')
        .count({ count: '*' })
        .groupBy('category');
      return rows.map((r) => ({ category: String(r.category), count: toCount(r.count) }));
    },

    /** What the sitemap needs of every public article at `now`, newest first. */
    async sitemapEntries(now: string) {
      const rows = await filtered({ publicAt: now })
        .select('id', 'slug', 'source_language', 'updated_at', 'published_at')
        .orderBy([...NEWEST_PUBLISHED]);
      const byArticle = await translations.languagesOf(rows.map((r) => Number(r.id)));
      return rows.map((r) => ({
        slug: String(r.slug),
        updated_at: toIso(r.updated_at),
        published_at: toIso(r.published_at ?? r.updated_at),
        languages: articleLanguages(
          pickLanguage(r.source_language),
          byArticle.get(Number(r.id)) ?? [],
        ),
      }));
    },

    /** The earliest publication time still ahead of `now` (a scheduled article), or null. */
    async nextScheduledAt(now: string): Promise<Date | null> {
      const row = await news()
        .where('published', true)
        .andWhere('published_at', '>', now)
        .min({ next: 'published_at' })
        .first();
      return row?.next ? new Date(toIso(row.next)) : null;
    },

    /** Articles whose image or text (in any language) names an address under `/media/`. */
    async mediaReferences(): Promise<
      { id: number; slug: string; title: string; image: string; texts: string[] }[]
    > {
      const rows: Row[] = await news()
        .where('image_url', 'like', '%/media/%')
        .orWhere('content', 'like', '%/media/%')
        .orWhereIn(
          'id',
          db('news_translations').select('news_id').where('content', 'like', '%/media/%'),
        )
        .select('id', 'slug', 'title', 'image_url', 'content');
      const ids = rows.map((r) => Number(r.id));
      const byArticle = await translations.forArticles(ids);
      return rows.map((r) => ({
        id: Number(r.id),
        slug: String(r.slug),
        title: String(r.title),
        image: String(r.image_url ?? ''),
        texts: [String(r.content), ...(byArticle.get(Number(r.id)) ?? []).map((t) => t.content)],
      }));
    },
  };
}

/** Released articles whose time has come by `at` (a published one without a time counts too). */
export function visibleAt(q: Knex.QueryBuilder, at: string): Knex.QueryBuilder {
  return q
    .where('news.published', true)
    .andWhere((w) => w.whereNull('news.published_at').orWhere('news.published_at', '<=', at));
}

export type NewsRepo = ReturnType<typeof createNewsRepo>;
