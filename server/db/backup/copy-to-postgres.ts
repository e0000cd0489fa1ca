import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import sqlite3 from 'sqlite3';
import type { Db } from '../knex';
import { SESSIONS_FILE } from '../session-store';

const BATCH = 500;
const KNEX_TABLES = new Set(['knex_migrations', 'knex_migrations_lock']);
/**
 * Counts the database keeps by triggers as the rows they count are written
 * (migration 20261128140000_list_counts.ts): the copy of those rows makes
 * them again, so they are not copied (they would count every row twice).
 */
const KEPT_BY_TRIGGERS = new Set(['contact_counts', 'news_counts']);

type Row = Record<string, unknown>;

/** The tables of the SQLite site, parents before children (by their foreign keys). */
export async function tablesInDependencyOrder(source: Db): Promise<string[]> {
  // Ordinary tables only: full-text indexes (virtual tables and their shadow
  // tables) are SQLite's own; PostgreSQL keeps its index in generated columns.
  // Counts kept by triggers are left to the target's own triggers.
  const tables = (
    (await source.raw(
      "select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' order by name",
    )) as { name: string }[]
  )
    .map((t) => t.name)
    .filter((name) => !KNEX_TABLES.has(name) && !KEPT_BY_TRIGGERS.has(name));
  const parents = new Map<string, string[]>();
  for (const table of tables) {
    const keys = (await source.raw(`pragma foreign_key_list("${table}")`)) as { table: string }[];
    parents.set(
      table,
      keys.map((k) => k.table).filter((p) => p !== table),
    );
  }
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const parent of parents.get(table) ?? []) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** SQLite keeps booleans as 0/1 and times as text or epoch milliseconds; PostgreSQL wants types. */
function convert(value: unknown, type: string | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return Boolean(Number(value));
  if (type?.startsWith('timestamp') && typeof value === 'number') return new Date(value);
  if (type === 'json' || type === 'jsonb')
    return typeof value === 'string' ? value : JSON.stringify(value);
  return value;
}

async function columnTypes(target: Db, table: string): Promise<Map<string, string>> {
  const rows = (await target('information_schema.columns')
    .where({ table_schema: 'public', table_name: table })
    .select('column_name', 'data_type')) as { column_name: string; data_type: string }[];
  return new Map(rows.map((r) => [r.column_name, r.data_type]));
}

/** Every serial column's sequence moved past the copied ids, so the next insert gets a new one. */
async function resetSequences(target: Db, table: string): Promise<void> {
  const serials = (await target('information_schema.columns')
    .where({ table_schema: 'public', table_name: table })
    .andWhere('column_default', 'like', 'nextval(%')
    .select('column_name')) as { column_name: string }[];
  for (const { column_name: column } of serials) {
    await target.raw(
      `select setval(pg_get_serial_sequence(?, ?), coalesce((select max("${column}") from "${table}"), 1),
         (select max("${column}") from "${table}") is not null)`,
      [table, column],
    );
  }
}

async function readSqliteSessions(dataDir: string): Promise<Row[]> {
  const file = path.join(dataDir, SESSIONS_FILE);
  if (!existsSync(file)) return [];
  const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
  try {
    return await new Promise<Row[]>((resolve, reject) =>
      db.all(
        'select sid, sess, expired from sessions where expired > ?',
        [Date.now()],
        (err, rows) => (err ? reject(err) : resolve(rows as Row[])),
      ),
    );
  } finally {
    db.close();
  }
}

/**
 * The bytes of every upload: files under DATA_DIR/media/<id>/<name> on
 * SQLite, rows of `media_blobs` on PostgreSQL (media-storage.ts), one per
 * row of `media_variants`. A file already missing on disk is named, not
 * fatal: that upload answered 404 before the copy too.
 */
async function copyMediaFiles(source: Db, trx: Knex.Transaction, dataDir: string) {
  const variants = (await source('media_variants')
    .select('media_id', 'name')
    .orderBy(['media_id', 'name'])) as { media_id: number; name: string }[];
  let copied = 0;
  const missing: string[] = [];
  for (const { media_id: mediaId, name } of variants) {
    const file = path.join(dataDir, 'media', String(mediaId), name);
    let data: Buffer;
    try {
      data = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      missing.push(`${mediaId}/${name}`);
      continue;
    }
    await trx('media_blobs').insert({ media_id: mediaId, name, data });
    copied++;
  }
  return { copied, missing };
}

export type CopyReport = { table: string; rows: number }[];

/**
 * Copies every table of a migrated SQLite site into a migrated, empty
 * PostgreSQL database in one transaction (all or nothing): parents before
 * children, values converted to PostgreSQL's types, serial sequences moved
 * past the copied ids; then the uploads' files into `media_blobs` (where
 * PostgreSQL sites keep them) and the signed-in sessions (a table of their
 * own in PostgreSQL), so nobody is signed out by the move. `missing` names
 * the media files that were not on disk.
 */
export async function copyToPostgres(
  source: Db,
  target: Db,
  dataDir: string,
): Promise<{ report: CopyReport; missing: string[] }> {
  const tables = await tablesInDependencyOrder(source);
  const report: CopyReport = [];
  let missing: string[] = [];
  await target.transaction(async (trx) => {
    for (const table of tables) {
      const [{ n }] = (await trx(table).count({ n: '*' })) as [{ n: string }];
      if (Number(n) > 0 && table !== 'app_state') {
        throw new Error(
          `The target database already holds data (table ${table}): copy into an empty database`,
        );
      }
    }
    for (const table of tables) {
      const types = await columnTypes(trx, table);
      let copied = 0;
      await trx(table).delete();
      for (let offset = 0; ; offset += BATCH) {
        const rows = (await source(table)
          .select('*')
          .orderByRaw('rowid')
          .limit(BATCH)
          .offset(offset)) as Row[];
        if (!rows.length) break;
        const converted = rows.map((row) =>
          Object.fromEntries(Object.entries(row).map(([k, v]) => [k, convert(v, types.get(k))])),
        );
        await trx(table).insert(converted);
        copied += rows.length;
      }
      await resetSequences(trx, table);
      report.push({ table, rows: copied });
    }
    const media = await copyMediaFiles(source, trx, dataDir);
    report.push({ table: 'media files', rows: media.copied });
    missing = media.missing;
    const sessions = await readSqliteSessions(dataDir);
    for (let i = 0; i < sessions.length; i += BATCH) {
      await trx('sessions')
        .insert(
          sessions.slice(i, i + BATCH).map((s) => ({
            sid: s.sid,
            sess: s.sess,
            expire: new Date(Number(s.expired)),
          })),
        )
        .onConflict('sid')
        .merge();
    }
    report.push({ table: 'sessions', rows: sessions.length });
  });
  return { report, missing };
}
