import type { ArticleText } from '#shared/article-languages';
import type { Language } from '#shared/languages';
import type { Db } from '../knex';
import { DEMO_ARTICLES, type DemoArticle } from './demo-articles';
import { DEMO_GERMAN } from './demo-articles.de';
import { DEMO_PORTUGUESE } from './demo-articles.pt';
import { storedSourceHash } from '../../features/news/source-hash';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `app_state` key that records that the demo question was settled once. */
export const DEMO_SEEDED_KEY = 'demo_seeded_at';

/** Every language a demo article is written in, by language. */
export function demoVersions(article: DemoArticle): Partial<Record<Language, ArticleText>> {
  const { title, excerpt, content, slug } = article;
  const pt = DEMO_PORTUGUESE[slug];
  const de = DEMO_GERMAN[slug];
  return { en: { title, excerpt, content }, ...(pt && { pt }), ...(de && { de }) };
}

/**
 * Fills an empty news table with the demo articles and their translations,
 * once in the life of a database: the first run records that it happened, so
 * an admin who deletes every article does not get the demo back on the next
 * restart. A database that already holds articles gets none and is marked
 * too. Returns how many articles were added.
 */
export async function seedDemoContent(db: Db, at: Date = new Date()): Promise<number> {
  return db.transaction(async (trx) => {
    if (await trx('app_state').where({ key: DEMO_SEEDED_KEY }).first()) return 0;
    const row = await trx('news').count({ n: '*' }).first();
    const empty = Number(row?.n ?? 0) === 0;
    if (empty) {
      const articles = DEMO_ARTICLES.map((article) => demoArticle(article, at));
      await trx('news').insert(articles.map((a) => a.row));
      const ids = new Map<string, number>(
        (await trx('news').select('id', 'slug')).map((r) => [String(r.slug), Number(r.id)]),
      );
      const translations = articles.flatMap(({ row, translations }) =>
        translations.map(([language, text]) => ({
          news_id: ids.get(row.slug)!,
          language,
          ...text,
          created_at: row.created_at,
          updated_at: row.created_at,
        })),
      );
      if (translations.length) await trx('news_translations').insert(translations);
      // Marked as demo content: the admin shows it as such and removes it all at once.
      await trx('demo_content').insert([...ids.values()].map((id) => ({ news_id: id })));
    }
    const stamp = at.toISOString();
    await trx('app_state').insert({ key: DEMO_SEEDED_KEY, value: stamp, updated_at: stamp });
    return empty ? DEMO_ARTICLES.length : 0;
  });
}

/** A demo article as a row, published at working hours `daysAgo` days back, and its translations. */
function demoArticle({ daysAgo, source_language = 'en', ...article }: DemoArticle, at: Date) {
  const day = new Date(at.getTime() - daysAgo * DAY_MS);
  day.setUTCHours(9 + (daysAgo % 7), (daysAgo * 13) % 60, 0, 0);
  const time = day.toISOString();
  const versions = demoVersions({ daysAgo, ...article });
  const { [source_language]: source, ...others } = versions;
  return {
    row: {
      ...source!,
      // What the repo keeps with every write of the text (news.repo.ts), so lists find outdated ones.
      source_hash: storedSourceHash(source!),
      category: article.category,
      slug: article.slug,
      source_language,
      image_url: null,
      published: true,
      published_at: time,
      created_at: time,
      updated_at: time,
      source_updated_at: time,
    },
    translations: Object.entries(others) as [Language, ArticleText][],
  };
}
