import type { Knex } from 'knex';
import { articleLanguages } from '#shared/article-languages';
import { pickLanguage, type Language } from '#shared/languages';
import type { PageNav } from '#shared/pages';
import type { Db } from '../../db/knex';
import { now, toCount, toIso } from '../../db/values';
import { toDocument, type DocumentKind, type StoredDocument } from './document-row';
import { createTranslationsRepo } from './translations.repo';

type Row = Record<string, unknown>;

/** The fields a write sets on `news`; times (and the repo's kind) are added here. */
export type ArticleFields = Omit<
  StoredDocument,
  | 'id'
  | 'created_at'
  | 'updated_at'
  | 'language'
  | 'languages'
  | 'translations'
  | 'kind'
  | 'nav'
  | 'position'
> & { nav?: PageNav; position?: number; source_updated_at?: string };

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
 * bindings. Rows of one kind (articles unless told) come back with their
 * source text at the top level and every translation; the service resolves a
 * language. Slugs are one namespace for both kinds.
 */
export function createNewsRepo(db: Db | Knex.Transaction, kind: DocumentKind = 'article') {
  const news = () => db('news').where('news.kind', kind);
  const anyKind = () => db('news');
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

  async function withTranslations(rows: Row[]): Promise<StoredDocument[]> {
    const byArticle = await translations.forArticles(rows.map((r) => Number(r.id)));
    return rows.map((r) => toDocument(r, byArticle.get(Number(r.id)) ?? []));
  }

  return {
    kind,
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

    async findById(id: number): Promise<StoredDocument | null> {
      const row = await news().where({ id }).first();
      return row ? (await withTranslations([row]))[0]! : null;
    },

    async findBySlug(slug: string): Promise<StoredDocument | null> {
      const row = await news().where({ slug }).first();
      return row ? (await withTranslations([row]))[0]! : null;
    },

    /** The kind of the row with this id, whichever it is; null when there is none. */
    async kindOf(id: number): Promise<DocumentKind | null> {
      const row = await anyKind().where({ id }).first('kind');
      return row ? (row.kind === 'page' ? 'page' : 'article') : null;
    },

    /** The id of the article or page that has `slug` (one namespace for both kinds). */
    async slugOwner(slug: string): Promise<number | null> {
      const row = await anyKind().where({ slug }).first('id');
      return row ? Number(row.id) : null;
    },

    /** A new row of this kind; its source text counts as written at `at`. Returns its id. */
    async insert(fields: ArticleFields, at = now()): Promise<number> {
      const [row] = await anyKind()
        .insert({ source_updated_at: at, ...fields, kind, created_at: at, updated_at: at })
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

    /** Every row of this kind in its menu order (position, then oldest first). */
    async listByPosition(): Promise<StoredDocument[]> {
      return withTranslations(await news().select('news.*').orderBy(['position', 'id']));
    },

    /** Public rows at `now` placed in a menu, by position, with their translations. */
    async inNavigation(now: string): Promise<StoredDocument[]> {
      const rows = await filtered({ publicAt: now })
        .whereNot('news.nav', 'none')
        .select('news.*')
        .orderBy(['position', 'id']);
      return withTranslations(rows);
    },

    /** A new place in the menu; the row's time stays (its text did not change). */
    async setPosition(id: number, position: number): Promise<boolean> {
      return (await news().where({ id }).update({ position })) > 0;
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

    /** What the sitemap needs of every public article at `now`, newest first (its public languages). */
    async sitemapEntries(now: string) {
      const rows = await filtered({ publicAt: now })
        .select('id', 'slug', 'source_language', 'updated_at', 'published_at')
        .orderBy([...NEWEST_PUBLISHED]);
      const byArticle = await translations.languagesOf(
        rows.map((r) => Number(r.id)),
        { publishedOnly: true },
      );
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

    /** The earliest publication time still ahead of `now` (a scheduled article or page), or null. */
    async nextScheduledAt(now: string): Promise<Date | null> {
      const row = await anyKind()
        .where('published', true)
        .andWhere('published_at', '>', now)
        .min({ next: 'published_at' })
        .first();
      return row?.next ? new Date(toIso(row.next)) : null;
    },

    /**
     * Articles and pages whose image, social image or text (in any language)
     * names an address under `/media/`.
     */
    async mediaReferences(): Promise<
      { id: number; slug: string; title: string; image: string; texts: string[] }[]
    > {
      const rows: Row[] = await anyKind()
        .where('image_url', 'like', '%/media/%')
        .orWhere('social_image', 'like', '%/media/%')
        .orWhere('content', 'like', '%/media/%')
        .orWhereIn(
          'id',
          db('news_translations')
            .select('news_id')
            .where('content', 'like', '%/media/%')
            .orWhere('social_image', 'like', '%/media/%'),
        )
        .select('id', 'slug', 'title', 'image_url', 'social_image', 'content');
      const ids = rows.map((r) => Number(r.id));
      const byArticle = await translations.forArticles(ids);
      return rows.map((r) => ({
        id: Number(r.id),
        slug: String(r.slug),
        title: String(r.title),
        image: String(r.image_url ?? ''),
        texts: [
          String(r.content),
          String(r.social_image ?? ''),
          ...(byArticle.get(Number(r.id)) ?? []).flatMap((t) => [t.content, t.social_image ?? '']),
        ],
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
