import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUILT_SERVER,
  createTestApp,
  tempDataDir,
  type TestApp,
} from '../../tests/support/test-app';
import { holdWriteLock } from '../../tests/support/write-lock';
import { errorResponse } from '../http/error-response';
import { SQLITE_POOL, sqliteFile } from './knex';

const apps: TestApp[] = [];
const children: ChildProcess[] = [];
async function start(env: Record<string, string> = {}) {
  const t = await createTestApp({ RATE_LIMIT_CONTACT: '0', ...env });
  apps.push(t);
  return t;
}
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const t of apps.splice(0)) await t.destroy();
});

const enquiry = {
  name: 'Secret Visitor',
  email: 'secret.visitor@example.pt',
  message: 'A confidential message that must never reach a log line.',
};

/** Runs `pragma` on every connection the app's pool will hand out: all of them, open at once. */
async function reopenWith(t: TestApp, pragma: string): Promise<void> {
  type Conn = { exec(sql: string, cb: (err: Error | null) => void): void };
  const client = t.db.client as {
    acquireConnection(): Promise<Conn>;
    releaseConnection(c: Conn): void;
  };
  const conns = await Promise.all(
    Array.from({ length: SQLITE_POOL.max }, () => client.acquireConnection()),
  );
  try {
    await Promise.all(
      conns.map(
        (conn) =>
          new Promise<void>((resolve, reject) =>
            conn.exec(pragma, (err) => (err ? reject(err) : resolve())),
          ),
      ),
    );
  } finally {
    for (const conn of conns) client.releaseConnection(conn);
  }
}

/** Runs `pragma` on each of the app's idle connections (the same ones: the fault passes, nothing reopens). */
async function onEveryConnection(t: TestApp, pragma: string): Promise<void> {
  type Conn = { exec(sql: string, cb: (err: Error | null) => void): void };
  const pool = (t.db.client as unknown as { pool: { free: { resource: Conn }[]; used: [] } }).pool;
  expect(pool.used).toHaveLength(0);
  await Promise.all(
    pool.free.map(
      ({ resource }) =>
        new Promise<void>((resolve, reject) =>
          resource.exec(pragma, (err) => (err ? reject(err) : resolve())),
        ),
    ),
  );
}

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

describe('a busy database', () => {
  it('answers writes 503 with Retry-After within the busy timeout, while reads and /healthz go on', async () => {
    const t = await start({ LOG_LEVEL: 'info' });
    const lock = await holdWriteLock(sqliteFile(t.dataDir));
    children.push(lock);

    const read = await timed(() => request(t.app).get('/api/news').expect(200));
    expect(read.ms).toBeLessThan(1500);
    const health = await timed(() => request(t.app).get('/healthz').expect(200));
    expect(health.ms).toBeLessThan(1500);
    expect(health.result.body).toEqual({ status: 'ok', database: { read: 'ok', write: 'ok' } });

    const write = await timed(() => request(t.app).post('/api/contacts').send(enquiry));
    expect(write.result.status).toBe(503);
    expect(write.ms).toBeGreaterThan(2500);
    expect(write.ms).toBeLessThan(6000);
    expect(write.result.headers['retry-after']).toBe('5');
    expect(write.result.body).toEqual({
      error: 'The database is busy. Please try again in a few seconds.',
      id: write.result.headers['x-request-id'],
    });

    // Writes fail while it lasts, and /healthz says so.
    const failing = await request(t.app).get('/healthz').expect(200);
    expect(failing.body.database).toEqual({ read: 'ok', write: 'failing: database busy' });

    lock.kill('SIGKILL');
    await new Promise((r) => lock.once('exit', r));
    for (let i = 0; i < 6; i++)
      await request(t.app).post('/api/contacts').send(enquiry).expect(201);

    // The log names the failure by code and id, and holds nothing the visitor sent.
    const logs = await t.logs();
    const line = logs.split('\n').find((l) => l.includes('"msg":"API error"'))!;
    expect(JSON.parse(line)).toMatchObject({
      id: write.result.body.id,
      fault: 'busy',
      err: { code: 'SQLITE_BUSY' },
    });
    expect(logs).not.toMatch(/Secret Visitor|secret\.visitor|confidential|insert into/i);
  });
});

describe('a database that cannot be written', () => {
  it('answers writes 503 when the disk is full (SQLITE_FULL), reads keep working and /healthz says degraded', async () => {
    const t = await start();
    const [row] = (await t.db.raw('PRAGMA page_count')) as { page_count: number }[];
    const page_count = row!.page_count;
    await reopenWith(t, `PRAGMA max_page_count = ${page_count}`);
    let res: request.Response | undefined;
    for (let i = 0; i < 50; i++) {
      res = await request(t.app)
        .post('/api/contacts')
        .send({ ...enquiry, message: `${'x'.repeat(990)} ${i}` });
      if (res.status !== 201) break;
    }
    expect(res!.status).toBe(503);
    expect(res!.headers['retry-after']).toBe('60');
    expect(res!.body.error).toBe(
      'Changes cannot be saved right now because the server has run out of storage space. Nothing was saved; please try again later.',
    );
    expect(res!.body.id).toMatch(/^[0-9a-f]{16}$/);
    await request(t.app).get('/api/news').expect(200);
    const health = await request(t.app).get('/healthz').expect(200);
    expect(health.body).toEqual({
      status: 'degraded',
      database: { read: 'ok', write: 'failing: disk full' },
    });
    // Space again: the next writes, on the same connections, are stored.
    await onEveryConnection(t, 'PRAGMA max_page_count = 1073741823');
    for (let i = 0; i < 6; i++)
      await request(t.app).post('/api/contacts').send(enquiry).expect(201);
  });

  it('answers writes 503 on a read-only database (SQLITE_READONLY), reads keep working', async () => {
    const t = await start();
    await reopenWith(t, 'PRAGMA query_only = 1');
    const res = await request(t.app).post('/api/contacts').send(enquiry).expect(503);
    expect(res.body.error).toBe(
      'Changes cannot be saved right now because the database refuses writes. Nothing was saved; please try again later.',
    );
    await request(t.app).get('/api/news').expect(200);
    const health = await request(t.app).get('/healthz').expect(200);
    expect(health.body.database).toEqual({ read: 'ok', write: 'failing: read-only' });
    await onEveryConnection(t, 'PRAGMA query_only = 0');
    for (let i = 0; i < 6; i++)
      await request(t.app).post('/api/contacts').send(enquiry).expect(201);
  });

  it('answers 503 on /healthz only when the database cannot be read', async () => {
    const t = await start();
    await t.db.destroy();
    const res = await request(t.app).get('/healthz').expect(503);
    expect(res.body).toMatchObject({
      status: 'unavailable',
      database: { read: expect.stringMatching(/^failing/) },
    });
  });
});

describe('PostgreSQL faults', () => {
  it.each([
    ['ECONNREFUSED', 'The database cannot be reached. Please try again in a few seconds.'],
    ['57P01', 'The database cannot be reached. Please try again in a few seconds.'],
    ['53300', 'The database cannot be reached. Please try again in a few seconds.'],
    ['40001', 'The database is busy. Please try again in a few seconds.'],
  ])('maps %s to 503 with Retry-After', (code, message) => {
    const error = Object.assign(new Error('select * from news - boom'), { code });
    expect(errorResponse(error, 'en')).toMatchObject({
      status: 503,
      error: message,
      retryAfter: 5,
      expected: false,
    });
  });
});

describe('a broken -shm file', () => {
  it('stops the start with one clear line instead of crashing later', () => {
    const dir = tempDataDir();
    mkdirSync(path.join(dir, 'site.db-shm'));
    const run = spawnSync(process.execPath, [BUILT_SERVER], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Failed to start: ${path.join(dir, 'site.db-shm')} is not a regular file: stop the server, move it away and start again`,
    );
  });
});
