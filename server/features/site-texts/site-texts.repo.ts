import type { Knex } from 'knex';
import { isLanguage, type Language } from '#shared/languages';
import { isEmbedded, type Db } from '../../db/knex';
import { toIso } from '../../db/values';

/** One override, with its version: the `updated_at` of its last write (ISO 8601 UTC). */
export type SiteTextRow = { key: string; language: Language; value: string; updated_at: string };
export type SiteTextChange = { key: string; language: Language; value: string | null };

/** Plain knex queries on `site_texts`: the overrides of catalogue texts. */
export function createSiteTextsRepo(db: Db | Knex.Transaction) {
  const rows = (query: Knex.QueryBuilder) =>
    query
      .select('key', 'language', 'value', 'updated_at')
      .then((found: Record<string, unknown>[]) =>
        found
          .filter((r) => isLanguage(r.language))
          .map((r): SiteTextRow => ({
            key: String(r.key),
            language: r.language as Language,
            value: String(r.value),
            updated_at: toIso(r.updated_at),
          })),
      );

  return {
    async all(): Promise<SiteTextRow[]> {
      return rows(db('site_texts'));
    },

    /** The overrides of the keys named, in every language. */
    async of(keys: string[]): Promise<SiteTextRow[]> {
      return keys.length === 0 ? [] : rows(db('site_texts').whereIn('key', keys));
    },

    /**
     * Makes other writes of the table wait until the transaction this repo
     * was made on ends, so what it reads stays true until it writes
     * (PostgreSQL: a texts' save that checks versions and one that adds an
     * override where there was none take turns; reads go on). SQLite needs
     * nothing: a write transaction there holds the whole database already.
     */
    async lockWrites(): Promise<void> {
      if (!isEmbedded(db)) await db.raw('lock table site_texts in share row exclusive mode');
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
