import type { Db } from '../knex';
import { DEMO_ARTICLES } from './demo-articles';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills an empty news table with the demo articles; does nothing when any
 * article exists. Returns how many were added.
 */
export async function seedDemoContent(db: Db, at: Date = new Date()): Promise<number> {
  const row = await db('news').count({ n: '*' }).first();
  if (Number(row?.n ?? 0) > 0) return 0;
  const rows = DEMO_ARTICLES.map(({ daysAgo, ...article }) => {
    // A working-hours publication time, in UTC, `daysAgo` days back.
    const day = new Date(at.getTime() - daysAgo * DAY_MS);
    day.setUTCHours(9 + (daysAgo % 7), (daysAgo * 13) % 60, 0, 0);
    const time = day.toISOString();
    return {
      ...article,
      image_url: null,
      published: true,
      published_at: time,
      created_at: time,
      updated_at: time,
    };
  });
  await db.transaction((trx) => trx('news').insert(rows));
  return rows.length;
}
