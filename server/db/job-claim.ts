import type { Db } from './knex';

/**
 * Claims a periodic job for this process when nobody (no other process or
 * instance on the same database) ran it within `minIntervalMs`: one atomic
 * UPDATE on its `app_state` row, which only one of several racers can win.
 */
export async function claimJob(
  db: Db,
  key: string,
  minIntervalMs: number,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  await db('app_state')
    .insert({ key, value: '', updated_at: new Date(0).toISOString() })
    .onConflict('key')
    .ignore();
  const claimed = await db('app_state')
    .where({ key })
    .where('updated_at', '<=', new Date(now.getTime() - minIntervalMs).toISOString())
    .update({ value: at, updated_at: at });
  return claimed > 0;
}
