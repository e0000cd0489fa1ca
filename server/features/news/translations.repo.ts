import type { Knex } from 'knex';
import type { ArticleText } from '#shared/article-languages';
import { isLanguage, type Language } from '#shared/languages';
import type { Db } from '../../db/knex';
import { toIso } from '../../db/values';

export type TranslationRow = ArticleText & {
  language: Language;
  image_alt: string | null;
  updated_at: string;
};

/** A translation as a write stores it; an `image_alt` left out keeps the stored one. */
export type TranslationText = ArticleText & { image_alt?: string | null };

type Row = Record<string, unknown>;

/** Ids per query, well under the bound-parameter limits of SQLite and PostgreSQL. */
const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Plain knex queries on `news_translations`: one row per article and language. */
export function createTranslationsRepo(db: Db | Knex.Transaction) {
  const table = () => db('news_translations');

  async function rowsOf(ids: number[], columns: string[]): Promise<Row[]> {
    const rows: Row[] = [];
    for (const part of chunks([...new Set(ids)])) {
      rows.push(...(await table().whereIn('news_id', part).select(columns).orderBy('id')));
    }
    return rows;
  }

  return {
    /** Every translation of the given articles, by article id. */
    async forArticles(ids: number[]): Promise<Map<number, TranslationRow[]>> {
      const columns = [
        'news_id',
        'language',
        'title',
        'excerpt',
        'content',
        'image_alt',
        'updated_at',
      ];
      const out = new Map<number, TranslationRow[]>();
      for (const r of await rowsOf(ids, columns)) {
        if (!isLanguage(r.language)) continue;
        const list = out.get(Number(r.news_id)) ?? [];
        list.push({
          language: r.language,
          title: String(r.title),
          excerpt: String(r.excerpt),
          content: String(r.content),
          image_alt: r.image_alt === null || r.image_alt === undefined ? null : String(r.image_alt),
          updated_at: toIso(r.updated_at),
        });
        out.set(Number(r.news_id), list);
      }
      return out;
    },

    /** The translated languages of the given articles, by article id. */
    async languagesOf(ids: number[]): Promise<Map<number, Language[]>> {
      const out = new Map<number, Language[]>();
      for (const r of await rowsOf(ids, ['news_id', 'language'])) {
        if (!isLanguage(r.language)) continue;
        out.set(Number(r.news_id), [...(out.get(Number(r.news_id)) ?? []), r.language]);
      }
      return out;
    },

    async insert(newsId: number, language: Language, text: TranslationText, at: string) {
      const { title, excerpt, content, image_alt = null } = text;
      await table().insert({
        news_id: newsId,
        language,
        title,
        excerpt,
        content,
        image_alt,
        created_at: at,
        updated_at: at,
      });
    },

    /** New text (and its time, `at`), or only the image text when `at` is null. */
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
