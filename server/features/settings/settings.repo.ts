import type { Knex } from 'knex';
import type { Db } from '../../db/knex';
import { now } from '../../db/values';

/** Plain knex queries on `settings`: each stored value as parsed JSON, by key. */
export function createSettingsRepo(db: Db) {
  const rows = () => db('settings');
  return {
    async all(): Promise<Map<string, unknown>> {
      const list = (await rows().select('key', 'value')) as { key: string; value: string }[];
      const out = new Map<string, unknown>();
      for (const { key, value } of list) {
        try {
          out.set(key, JSON.parse(value));
        } catch {
          // A value that is not JSON counts as never set.
        }
      }
      return out;
    },

    /** Writes the given values in one transaction, with what `also` does in it. */
    async save(
      values: Record<string, unknown>,
      by: number | null,
      also?: (trx: Knex.Transaction) => Promise<void>,
    ): Promise<void> {
      const at = now();
      await db.transaction(async (trx) => {
        for (const [key, value] of Object.entries(values)) {
          await trx('settings')
            .insert({ key, value: JSON.stringify(value), updated_by: by, updated_at: at })
            .onConflict('key')
            .merge(['value', 'updated_by', 'updated_at']);
        }
        await also?.(trx);
      });
    },
  };
}
