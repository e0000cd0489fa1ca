import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/support/test-app';
import { holdWriteLock } from '../../tests/support/write-lock';
import { createLogger } from '../logger';
import { createDbHealth } from './db-health';
import { sqliteFile } from './knex';

let store: Awaited<ReturnType<typeof createTestDb>>;
const logger = createLogger({ logLevel: 'silent' });
const children: ChildProcess[] = [];
beforeAll(async () => {
  store = await createTestDb();
});
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});
afterAll(() => store.destroy());

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('the write side of /healthz', () => {
  it('fails while writes fail because the database is busy, and recovers once they work', async () => {
    const health = createDbHealth({ db: store.db, logger });
    const lock = await holdWriteLock(sqliteFile(store.dataDir));
    children.push(lock);
    await health.probe();
    expect(await health.report()).toEqual({ read: 'ok', write: 'failing: database busy' });
    await stopped(lock);
    await health.probe();
    expect(await health.report()).toEqual({ read: 'ok', write: 'ok' });
  });

  it('fails on any failed write, with or without a known fault, and on a busy answer the app gave', async () => {
    const health = createDbHealth({ db: store.db, logger });
    await store.db.raw(
      "create trigger refuse before insert on app_state begin select raise(abort, 'refused'); end",
    );
    try {
      await health.probe();
      expect((await health.report()).write).toBe('failing: error');
    } finally {
      await store.db.raw('drop trigger refuse');
    }
    await health.probe();
    expect((await health.report()).write).toBe('ok');
    health.noteFault('busy');
    expect((await health.report()).write).toBe('failing: database busy');
    health.noteFault('full');
    expect((await health.report()).write).toBe('failing: disk full');
  });
});
