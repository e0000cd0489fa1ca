import type { Knex } from 'knex';
import type { PageNav } from '#shared/pages';
import { isEmbedded, type Db } from '../../db/knex';
import { now, toIso } from '../../db/values';
import { toDocuments, type DocumentKind, type StoredDocument } from './document-row';
import { createNewsLists } from './news-lists.repo';
import { storedSourceHash } from './source-hash';
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

/** The hash of the source text a write sets, when it sets the text (shared/source-hash.ts). */
function withSourceHash<F extends Partial<Pick<ArticleFields, 'title' | 'excerpt' | 'content'>>>(
  fields: F,
): F & { source_hash?: string } {
  const { title, excerpt, content } = fields;
  if (title === undefined || excerpt === undefined || content === undefined) return fields;
  return { ...fields, source_hash: storedSourceHash({ title, excerpt, content }) };
}

/**
 * Plain knex queries on `news` and its translations; every value goes through
 * bindings. Rows of one kind (articles unless told) come back with their
 * source text at the top level and every translation; the service resolves a
 * language. Slugs are one namespace for both kinds. The lists are those of
 * news-lists.repo.ts; here are the writes and the reads of single rows.
 */
export function createNewsRepo(db: Db | Knex.Transaction, kind: DocumentKind = 'article') {
  const news = () => db('news').where('news.kind', kind);
  const anyKind = () => db('news');
  const translations = createTranslationsRepo(db);
  const withTranslations = (rows: Row[]) => toDocuments(rows, translations);

  return {
    kind,
    translations,
    ...createNewsLists(db, kind, translations),

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
        .insert({
          source_updated_at: at,
          ...withSourceHash(fields),
          kind,
          created_at: at,
          updated_at: at,
        })
        .returning('id');
      return Number(typeof row === 'object' ? row.id : row);
    },

    async update(id: number, fields: Partial<ArticleFields>, at = now()): Promise<boolean> {
      return (
        (await news()
          .where({ id })
          .update({ ...withSourceHash(fields), updated_at: at })) > 0
      );
    },

    /**
     * The row's `updated_at` (its version), null when there is none. On
     * PostgreSQL the row stays locked until the transaction this repo was
     * made on ends, so saves checking one version take turns and each sees
     * the one before it; on SQLite a write transaction holds the whole
     * database already.
     */
    async versionOf(id: number): Promise<unknown> {
      const query = news().where({ id }).first('updated_at');
      const row = await (isEmbedded(db) ? query : query.forUpdate());
      return row ? row.updated_at : null;
    },

    /** The ids of every row of this kind, by position (then oldest first). */
    async idsByPosition(): Promise<number[]> {
      const rows: Row[] = await news().orderBy(['position', 'id']).select('id');
      return rows.map((r) => Number(r.id));
    },

    /** A new place in the menu; the row's time stays (its text did not change). */
    async setPosition(id: number, position: number): Promise<boolean> {
      return (await news().where({ id }).update({ position })) > 0;
    },

    async remove(id: number): Promise<boolean> {
      return (await news().where({ id }).delete()) > 0;
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

export type NewsRepo = ReturnType<typeof createNewsRepo>;
