import type { Knex } from 'knex';
import type { ArticleText, SearchFields } from '#shared/article-languages';
import { isLanguage, type Language } from '#shared/languages';
import type { Db } from '../../db/knex';
import { toBool, toIso } from '../../db/values';

export type TranslationRow = ArticleText &
  SearchFields & {
    language: Language;
    image_alt: string | null;
    published: boolean;
    source_hash: string | null;
    updated_at: string;
  };

/**
 * A translation as a write stores it: its text, and whatever else the write
 * names (left out, the image text, search fields, state and source hash stay
 * as stored).
 */
export type TranslationText = ArticleText &
  Partial<SearchFields> & {
    image_alt?: string | null;
    published?: boolean;
    source_hash?: string | null;
  };

type Row = Record<string, unknown>;

/** Ids per query, well under the bound-parameter limits of SQLite and PostgreSQL. */
const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const textOrNull = (value: unknown) =>
  value === null || value === undefined ? null : String(value);

const COLUMNS = [
  'news_id',
  'language',
  'title',
  'excerpt',
  'content',
  'image_alt',
  'published',
  'source_hash',
  'seo_title',
  'seo_description',
  'social_image',
  'updated_at',
];

/** Plain knex queries on `news_translations`: one row per article (or page) and language. */
export function createTranslationsRepo(db: Db | Knex.Transaction) {
  const table = () => db('news_translations');

  async function rowsOf(ids: number[], columns: string[], publishedOnly = false): Promise<Row[]> {
    const rows: Row[] = [];
    for (const part of chunks([...new Set(ids)])) {
      const q = table().whereIn('news_id', part).select(columns).orderBy('id');
      if (publishedOnly) q.where('published', true);
      rows.push(...(await q));
    }
    return rows;
  }

  return {
    /** Every translation of the given articles, by article id. */
    async forArticles(ids: number[]): Promise<Map<number, TranslationRow[]>> {
      const out = new Map<number, TranslationRow[]>();
      for (const r of await rowsOf(ids, COLUMNS)) {
        if (!isLanguage(r.language)) continue;
        const list = out.get(Number(r.news_id)) ?? [];
        list.push({
          language: r.language,
          title: String(r.title),
          excerpt: String(r.excerpt),
          content: String(r.content),
          image_alt: textOrNull(r.image_alt),
          published: toBool(r.published),
          source_hash: textOrNull(r.source_hash),
          seo_title: textOrNull(r.seo_title),
          seo_description: textOrNull(r.seo_description),
          social_image: textOrNull(r.social_image),
          updated_at: toIso(r.updated_at),
        });
        out.set(Number(r.news_id), list);
      }
      return out;
    },

    /** The translated languages of the given articles (only the published ones: visitors'), by id. */
    async languagesOf(
      ids: number[],
      { publishedOnly = false }: { publishedOnly?: boolean } = {},
    ): Promise<Map<number, Language[]>> {
      const out = new Map<number, Language[]>();
      for (const r of await rowsOf(ids, ['news_id', 'language'], publishedOnly)) {
        if (!isLanguage(r.language)) continue;
        out.set(Number(r.news_id), [...(out.get(Number(r.news_id)) ?? []), r.language]);
      }
      return out;
    },

    async insert(newsId: number, language: Language, text: TranslationText, at: string) {
      const { title, excerpt, content, image_alt = null, published = true } = text;
      await table().insert({
        news_id: newsId,
        language,
        title,
        excerpt,
        content,
        image_alt,
        published,
        source_hash: text.source_hash ?? null,
        seo_title: text.seo_title ?? null,
        seo_description: text.seo_description ?? null,
        social_image: text.social_image ?? null,
        created_at: at,
        updated_at: at,
      });
    },

    /** New text (and its time, `at`), or only other fields without moving that time when `at` is null. */
    async update(
      newsId: number,
      language: Language,
      text: Partial<TranslationText>,
      at: string | null,
    ) {
      await table()
        .where({ news_id: newsId, language })
        .update({ ...text, ...(at === null ? {} : { updated_at: at }) });
    },

    async remove(newsId: number, language: Language) {
      await table().where({ news_id: newsId, language }).delete();
    },
  };
}
