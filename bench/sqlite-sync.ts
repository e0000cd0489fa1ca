import { mkdirSync } from 'node:fs';
import path from 'node:path';
import knex from 'knex';

const COMMITS = 400;

/** Commits per second of one small row each, in WAL mode, at a given `synchronous` level. */
async function commitsPerSecond(file: string, level: 'FULL' | 'NORMAL'): Promise<number> {
  const db = knex({ client: 'sqlite3', connection: { filename: file }, useNullAsDefault: true });
  try {
    await db.raw('PRAGMA journal_mode = WAL');
    await db.raw(`PRAGMA synchronous = ${level}`);
    await db.schema.createTable('t', (t) => {
      t.increments('id');
      t.text('body');
    });
    const started = performance.now();
    for (let i = 0; i < COMMITS; i++) await db('t').insert({ body: `enquiry ${i}` });
    return COMMITS / ((performance.now() - started) / 1000);
  } finally {
    await db.destroy();
  }
}

/**
 * What durability costs here: the server runs SQLite with synchronous=FULL so
 * an acknowledged enquiry survives a power cut; NORMAL is faster and may lose
 * the last commits. Both measured on this machine's disk, one connection.
 */
export async function measureSqliteSync(dir: string): Promise<{ full: number; normal: number }> {
  mkdirSync(dir, { recursive: true });
  const full = await commitsPerSecond(path.join(dir, 'full.db'), 'FULL');
  const normal = await commitsPerSecond(path.join(dir, 'normal.db'), 'NORMAL');
  return { full, normal };
}
