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
import { broadcastContentVersion, STOP_REPAY_MS, STORED_VERSION_KEY } from './content-broadcast';

/**
 * What a peer's notice can miss. Instance B listens through a TCP proxy on
 * 127.0.0.1 that can stop forwarding on the connections it carries without
 * closing them (no FIN, no RST), as when PostgreSQL fails over or its host
 * dies: B sees no error and no end. Real PostgreSQL throughout.
 */
const title = postgresAvailable
  ? 'content version when notices go missing'
  : `content version when notices go missing (skipped: ${postgresUnavailable})`;

const TIMING = { heartbeatMs: 300, heartbeatTimeoutMs: 500 };

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Forwards 127.0.0.1:port to `target`; `silence()` makes the connections open so far carry nothing. */
async function startProxy(target: URL) {
  const open = new Set<[Socket, Socket]>();
  const silenced: Socket[] = [];
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    const pair: [Socket, Socket] = [client, upstream];
    open.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) socket.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = new URL(target);
  url.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: url.toString(),
    silence() {
      for (const [client, upstream] of open) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
        silenced.push(client, upstream);
      }
      open.clear();
    },
    close() {
      // A paused socket does not read, so it never hears its peer close: the proxy ends them.
      for (const socket of silenced) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!postgresAvailable)(title, () => {
  const logger = createLogger({ logLevel: 'silent' });
  const a = createContentVersion();
  const b = createContentVersion();
  let store: Awaited<ReturnType<typeof createTestDb>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let stopAll: () => Promise<void>;
  let url: string;

  /** Makes every bump fail while `during` runs, as with the database gone after a write. */
  async function counterHeldBack(during: () => Promise<void>): Promise<void> {
    const { value } = await store.db('app_state').where({ key: STORED_VERSION_KEY }).first('value');
    await store.db.raw(
      `alter table app_state add constraint held_back
         check (key <> '${STORED_VERSION_KEY}' or value::bigint <= ${Number(value)})`,
    );
    try {
      await during();
    } finally {
      await store.db.raw('alter table app_state drop constraint held_back');
    }
  }

  beforeAll(async () => {
    const pg = (await startPostgres())!;
    url = pg.url;
    store = await createTestDb({ databaseUrl: pg.url });
    proxy = await startProxy(new URL(pg.url));
    const shared = await Promise.all([
      broadcastContentVersion({ url: pg.url, db: store.db, version: a, logger, timing: TIMING }),
      broadcastContentVersion({ url: proxy.url, db: store.db, version: b, logger, timing: TIMING }),
    ]);
    stopAll = async () => {
      await Promise.all(shared.map((s) => s.stop()));
      await proxy.close();
      await store.destroy();
      await pg.stop();
    };
  });
  afterAll(() => stopAll?.());

  it('a listener that silently stopped hearing is replaced, and its caches emptied', async () => {
    const seenByB = b.current();
    proxy.silence();
    await a.changed('written while B hears nothing');
    await until(() => b.current() > seenByB);
    // B listens on a new connection: the next write reaches it by NOTIFY as before.
    await new Promise((r) => setTimeout(r, 500));
    const caughtUp = b.current();
    await a.changed('after the reconnect');
    await until(() => b.current() > caughtUp);
  });

  it('a counter that moved without a notice heard empties the caches', async () => {
    const seenByB = b.current();
    await store
      .db('app_state')
      .where({ key: STORED_VERSION_KEY })
      .update({ value: store.db.raw('(value::bigint + 1)::text') });
    await until(() => b.current() > seenByB);
  });

  it('a bump that failed after the write is sent once the database takes it', async () => {
    const seenByB = b.current();
    // The counter refuses to move: the bump fails, as with the database gone after the write.
    await counterHeldBack(async () => {
      await a.changed('written while the counter is held back');
      await new Promise((r) => setTimeout(r, 600));
      expect(b.current()).toBe(seenByB);
    });
    await until(() => b.current() > seenByB);
  });

  /** Instance C, whose owed bump is tried again only after a minute: only its stop can send it. */
  const startC = async () => {
    const c = createContentVersion();
    const timing = { ...TIMING, repayFirstMs: 60_000 };
    const shared = await broadcastContentVersion({ url, db: store.db, version: c, logger, timing });
    await counterHeldBack(() => c.changed('written by C while the counter is held back'));
    return shared;
  };

  it('an instance stopping cleanly sends the bump it owes before it closes', async () => {
    const seenByB = b.current();
    const c = await startC();
    await new Promise((r) => setTimeout(r, 300));
    expect(b.current()).toBe(seenByB);
    await c.stop();
    await until(() => b.current() > seenByB, 2_000);
  });

  it('an instance stopping waits for an owed bump at most a few seconds', async () => {
    const c = await startC();
    // The counter's row is locked by a transaction that never ends: the last try blocks.
    const holder = await store.db.transaction();
    try {
      await holder('app_state').where({ key: STORED_VERSION_KEY }).forUpdate().first('value');
      const started = Date.now();
      await c.stop();
      expect(Date.now() - started).toBeLessThan(STOP_REPAY_MS + 1_000);
    } finally {
      await holder.rollback();
    }
  });
});
