import type { Db } from '../knex';
import { DEMO_ARTICLES } from './demo-articles';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `app_state` key that records that the demo question was settled once. */
export const DEMO_SEEDED_KEY = 'demo_seeded_at';

/**
 * Fills an empty news table with the demo articles, once in the life of a
 * database: the first run records that it happened, so an admin who deletes
 * every article does not get the demo back on the next restart. A database that
 * already holds articles gets none and is marked too. Returns how many were added.
 */
export async function seedDemoContent(db: Db, at: Date = new Date()): Promise<number> {
  return db.transaction(async (trx) => {
    if (await trx('app_state').where({ key: DEMO_SEEDED_KEY }).first()) return 0;
    const row = await trx('news').count({ n: '*' }).first();
    const rows = Number(row?.n ?? 0) === 0 ? demoRows(at) : [];
    if (rows.length) await trx('news').insert(rows);
    const stamp = at.toISOString();
    await trx('app_state').insert({ key: DEMO_SEEDED_KEY, value: stamp, updated_at: stamp });
    return rows.length;
  });
}

/** The demo articles as rows, published at working hours on days spread back from `at`. */
function demoRows(at: Date) {
  return DEMO_ARTICLES.map(({ daysAgo, ...article }) => {
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
}
