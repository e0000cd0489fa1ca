import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { createDb, sqliteFile } from './knex';

/** Opens the embedded database, busies every pooled connection, closes it; true if the log stayed. */
async function logLeftAfterClose(): Promise<boolean> {
  const dataDir = tempDataDir();
  try {
    const db = createDb({ dataDir, databaseUrl: undefined });
    await db.schema.createTable('items', (t) => t.increments('id'));
    await db('items').insert({});
    // Reads side by side make the pool open all of its connections.
    await Promise.all(Array.from({ length: 12 }, () => db('items').select('id')));
    await db.destroy();
    return existsSync(`${sqliteFile(dataDir)}-wal`);
  } finally {
    rmSync(path.resolve(dataDir), { recursive: true, force: true });
  }
}

describe('closing the embedded database', () => {
  // Connections closing side by side once left the log behind in about one shutdown of seven.
  it('checkpoints and removes the write-ahead log, every time', async () => {
    const left: number[] = [];
    for (let round = 0; round < 40; round++) if (await logLeftAfterClose()) left.push(round);
    expect(left).toEqual([]);
  });
});
