import type { Knex } from 'knex';
import { isLanguage, type Language } from '#shared/languages';
import type { Db } from '../../db/knex';

export type SiteTextRow = { key: string; language: Language; value: string };
export type SiteTextChange = { key: string; language: Language; value: string | null };

/** Plain knex queries on `site_texts`: the overrides of catalogue texts. */
export function createSiteTextsRepo(db: Db | Knex.Transaction) {
  return {
    async all(): Promise<SiteTextRow[]> {
      const rows = await db('site_texts').select('key', 'language', 'value');
      return rows
        .filter((r) => isLanguage(r.language))
        .map((r) => ({
          key: String(r.key),
          language: r.language as Language,
          value: String(r.value),
        }));
    },

    /** Sets (a value) or removes (null) each override named. */
    async apply(changes: SiteTextChange[], by: number | null, at: string): Promise<void> {
      const removed = changes.filter((c) => c.value === null);
      const set = changes.filter((c) => c.value !== null);
      for (const { key, language } of removed) {
        await db('site_texts').where({ key, language }).delete();
      }
      if (set.length > 0) {
        await db('site_texts')
          .insert(set.map((c) => ({ ...c, updated_by: by, updated_at: at })))
          .onConflict(['key', 'language'])
          .merge(['value', 'updated_by', 'updated_at']);
      }
    },
  };
}
