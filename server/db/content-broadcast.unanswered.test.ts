import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
} from '../../tests/support/postgres';
import { createTestDb } from '../../tests/support/test-app';
import { createContentVersion } from '../content-version';
import { createLogger } from '../logger';
import { broadcastContentVersion } from './content-broadcast';

/**
 * A listener whose reconnect meets a server that accepts and never answers
 * (a host dropping packets after a failover, a half-dead proxy). Instance B
 * listens through a TCP server on 127.0.0.1 that forwards to the real
 * PostgreSQL, or, once told to, accepts connections and never sends a byte.
 */
const title = postgresAvailable
  ? 'content version when the database never answers a reconnect'
  : `content version when the database never answers a reconnect (skipped: ${postgresUnavailable})`;

const TIMING = { heartbeatMs: 300, heartbeatTimeoutMs: 500, connectTimeoutMs: 500 };

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** 127.0.0.1:port, forwarding to `target` or (`unanswered`) accepting and saying nothing. */
async function startGate(target: URL) {
  let answering = true;
  let unanswered = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client)).on('error', () => undefined);
    if (!answering) {
      unanswered += 1;
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', drop).on('close', () => (sockets.delete(upstream), drop()));
    client.on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(target);
  url.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: url.toString(),
    /** Connections accepted and left unanswered so far. */
    unanswered: () => unanswered,
    /** Cuts every connection open now; new ones are accepted and never answered. */
    stopAnswering() {
      answering = false;
      for (const socket of sockets) socket.destroy();
    },
    answerAgain() {
      answering = true;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!postgresAvailable)(title, () => {
  const logger = createLogger({ logLevel: 'silent' });
  const a = createContentVersion();
  const b = createContentVersion();
  let store: Awaited<ReturnType<typeof createTestDb>>;
  let gate: Awaited<ReturnType<typeof startGate>>;
  let stopAll: () => Promise<void>;

  beforeAll(async () => {
    const pg = (await startPostgres())!;
    store = await createTestDb({ databaseUrl: pg.url });
    gate = await startGate(new URL(pg.url));
    const shared = await Promise.all([
      broadcastContentVersion({ url: pg.url, db: store.db, version: a, logger, timing: TIMING }),
      broadcastContentVersion({ url: gate.url, db: store.db, version: b, logger, timing: TIMING }),
    ]);
    stopAll = async () => {
      await Promise.all(shared.map((s) => s.stop()));
      await gate.close();
      await store.destroy();
      await pg.stop();
    };
  });
  afterAll(() => stopAll?.());

  it('gives up on a server that never answers, keeps nothing meanwhile, and listens again', async () => {
    expect(b.current()).toBe(b.current());
    gate.stopAnswering();
    // Each try is given up after the connect timeout and a new one made, not left hanging.
    await until(() => gate.unanswered() >= 2, 5_000);
    // Meanwhile peers' writes cannot be heard: every read is a new version, so no cache keeps
    // anything (a render is kept only if the version has not moved while it was made).
    const read = b.current();
    expect(b.current()).toBeGreaterThan(read);

    gate.answerAgain();
    // Listening again: the version holds still, and a peer's write arrives by NOTIFY.
    await until(() => b.current() === b.current());
    const caughtUp = b.current();
    await a.changed('after the listener came back');
    await until(() => b.current() > caughtUp);
    expect(b.current()).toBe(b.current());
  });
});
