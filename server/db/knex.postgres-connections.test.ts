import { execFileSync } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import knex from 'knex';
import type { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../tests/support/postgres';
import { dbFault } from './db-errors';
import {
  createDb,
  POSTGRES_CONNECT_TIMEOUT_MS,
  POSTGRES_KEEPALIVE_IDLE_MS,
  postgresKnexConfig,
} from './knex';

/**
 * The PostgreSQL pool's connections notice a dead peer: TCP keepalive on
 * every pooled connection, and a connect that is never answered given up.
 */
const title = postgresAvailable
  ? 'the PostgreSQL pool’s connections'
  : `the PostgreSQL pool’s connections (skipped: ${postgresUnavailable})`;

/** `ss` lists a socket's timers: `timer:(keepalive,…)` once keepalive is on. */
function ssTimers(localPort: number): string | null {
  try {
    return execFileSync('ss', ['-tnoH', 'state', 'established', `sport = :${localPort}`], {
      encoding: 'utf8',
    });
  } catch {
    return null;
  }
}

/** A server on 127.0.0.1 that accepts connections and never sends a byte. */
async function startUnanswered() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `postgres://nobody@127.0.0.1:${port}/nothing`,
    accepted: () => sockets.size,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!postgresAvailable)(title, () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = (await startPostgres())!;
  });
  afterAll(() => pg?.stop());

  it('have TCP keepalive on, read back from a real pooled connection', async () => {
    const db = createDb({ dataDir: '', databaseUrl: pg.url });
    try {
      const connection = (await db.client.acquireConnection()) as Client & {
        connection: { stream: Socket; _keepAlive?: boolean };
      };
      try {
        expect(connection.connection._keepAlive).toBe(true);
        const timers = ssTimers(connection.connection.stream.localPort!);
        // Where `ss` is installed, the kernel's own word: the socket has a keepalive timer.
        if (timers !== null) expect(timers).toMatch(/timer:\(keepalive,/);
      } finally {
        await db.client.releaseConnection(connection);
      }
      expect(db.client.config.connection).toMatchObject({
        keepAlive: true,
        keepAliveInitialDelayMillis: POSTGRES_KEEPALIVE_IDLE_MS,
        connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
      });
      // No statement timeout: long migrations and exports must not be cut.
      expect((await db.raw('show statement_timeout')).rows[0].statement_timeout).toBe('0');
    } finally {
      await db.destroy();
    }
  });

  it('fail a query within the connect timeout when the server never answers', async () => {
    const silent = await startUnanswered();
    const db = knex(postgresKnexConfig(silent.url, { connectTimeoutMs: 500 }));
    try {
      const started = Date.now();
      const error = await db.raw('select 1').then(
        () => null,
        (err: unknown) => err,
      );
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(silent.accepted()).toBeGreaterThan(0);
      // Answered as the database being unreachable (503), not as a fault of ours.
      expect(dbFault(error)).toBe('unavailable');
    } finally {
      await db.destroy();
      await silent.close();
    }
  });
});
