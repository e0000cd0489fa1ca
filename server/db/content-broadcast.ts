import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import type { ContentVersion } from '../content-version';
import type { Logger } from '../logger';
import { describeDbError } from './db-errors';
import { IN_USE_LOCK_KEY } from './in-use';
import type { Db } from './knex';

/** The NOTIFY channel, and the app_state row that counts content writes across instances. */
export const CONTENT_CHANNEL = 'forge_content';
export const STORED_VERSION_KEY = 'content.version';
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;
/** How long a clean stop waits for the last try of an owed bump. */
export const STOP_REPAY_MS = 2_000;

export type BroadcastTiming = {
  /** How often the listening connection is asked for the stored counter, to know it still answers. */
  heartbeatMs: number;
  /** How long that answer may take before the connection counts as dead. */
  heartbeatTimeoutMs: number;
  /** How long a (re)connect may take to be answered before it is given up and tried again. */
  connectTimeoutMs: number;
  /** The first wait before an owed bump is tried again (doubling up to 5 s). */
  repayFirstMs: number;
};

export const DEFAULT_BROADCAST_TIMING: BroadcastTiming = {
  heartbeatMs: 20_000,
  heartbeatTimeoutMs: 10_000,
  connectTimeoutMs: 10_000,
  repayFirstMs: RETRY_FIRST_MS,
};

type Deps = {
  url: string;
  db: Db;
  version: ContentVersion;
  logger: Logger;
  timing?: Partial<BroadcastTiming>;
};

const rowsOf = (result: unknown) =>
  ((result as { rows?: unknown[] }).rows ?? []) as { v: string }[];

/**
 * Shares the content version between instances on one PostgreSQL. A bump
 * here adds one to a stored counter and sends NOTIFY in the same statement
 * (so the notice leaves only with the committed count); every instance
 * LISTENs on a connection of its own and drops its caches when a peer's
 * notice arrives. That connection may drop (PostgreSQL restarts, a network
 * cut): it reconnects with backoff, and on each reconnect reads the stored
 * counter and drops its caches if it moved while nobody was listening.
 * A connection that only listens sends nothing, so one whose server failed
 * over or whose host died without closing it would never see an error and
 * never reconnect, and the caches would keep old pages for good: TCP
 * keepalive is on, and a heartbeat reads the stored counter on it every
 * 20 s; no answer within 10 s drops and reconnects it, and a counter that
 * moved without a notice heard empties the caches. A (re)connect that is not
 * answered within 10 s (a host dropping packets, a server that accepts and
 * never answers) is given up and tried again, and while the listener is down
 * the content version moves on every read (`unheard`), so no cache keeps or
 * serves a page until it listens again and has re-read the counter. A bump
 * that fails (the database gone between a write and its notice) is owed, and
 * tried again with backoff until one succeeds; a clean stop tries once more (at most 2 s)
 * before the pool closes.
 * The same connection holds the shared lock that tells `npm run restore`
 * this instance uses the database (in-use.ts): a restore running makes it
 * wait, so an instance never serves a schema being rebuilt.
 */
export async function broadcastContentVersion(deps: Deps): Promise<{ stop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const self = randomBytes(8).toString('hex');
  let seen: string | null = null;
  let client: Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RETRY_FIRST_MS;
  const log = deps.logger;
  const timing = { ...DEFAULT_BROADCAST_TIMING, ...deps.timing };
  /** Bumps begun, numbered; the latest of them that failed and no later one made good (0: none). */
  let bumps = 0;
  let owed = 0;
  let repay: NodeJS.Timeout | undefined;
  let repayDelay = timing.repayFirstMs;

  /**
   * One bump. A bump that succeeds makes good every failed one begun before
   * it: their writes had committed before it began, and its notice empties
   * the caches after them.
   */
  async function bump(reason: string, timeoutMs?: number): Promise<void> {
    const number = ++bumps;
    try {
      const statement = deps.db.raw(
        `with bumped as (
           insert into app_state (key, value, updated_at) values (?, '1', now())
           on conflict (key) do update
             set value = (app_state.value::bigint + 1)::text, updated_at = excluded.updated_at
           returning value)
         select value as v, pg_notify(?, value || ' ' || ?) from bumped`,
        [STORED_VERSION_KEY, CONTENT_CHANNEL, self],
      );
      const result = await (timeoutMs ? statement.timeout(timeoutMs) : statement);
      seen = rowsOf(result)[0]?.v ?? seen;
      if (owed !== 0 && owed < number) {
        owed = 0;
        repayDelay = timing.repayFirstMs;
        log.info('content version: peers told of the writes they had not heard of');
      }
    } catch (err) {
      const first = owed === 0;
      owed = Math.max(owed, number);
      log[first ? 'error' : 'warn'](
        { err: describeDbError(err), reason },
        'content version: peers not told yet; trying again',
      );
      scheduleRepay();
    }
  }

  function scheduleRepay(): void {
    if (repay || stopped) return;
    repay = setTimeout(() => {
      repay = undefined;
      if (owed !== 0 && !stopped) void bump('a write peers were not told of');
    }, repayDelay);
    repay.unref();
    repayDelay = Math.min(repayDelay * 2, RETRY_MAX_MS);
  }

  deps.version.publishWith(bump);

  function lost(from: Client, err?: unknown): void {
    if (client !== from) return;
    client = undefined;
    from.end().catch(() => undefined);
    if (stopped) return;
    log.warn({ err: err ? describeDbError(err) : undefined }, 'content version: listener lost');
    // Peers' writes go unheard until the reconnect: nothing is cached meanwhile.
    deps.version.unheard('peers not heard while the listener is down');
    schedule();
  }

  function schedule(): void {
    retry = setTimeout(() => void connect().catch(onConnectFailure), delay);
    retry.unref();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  }

  function onConnectFailure(err: unknown): void {
    if (stopped) return;
    log.warn({ err: describeDbError(err) }, 'content version: listener cannot connect yet');
    schedule();
  }

  async function connect(): Promise<void> {
    // Keepalive lets the system notice a dead peer too, if slower than the heartbeat. A server
    // that accepts and never answers (or a host that drops packets) is given up on in time.
    const next = new pg.Client({
      connectionString: deps.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: timing.heartbeatMs,
      connectionTimeoutMillis: timing.connectTimeoutMs,
    });
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    next.on('notification', ({ payload = '' }) => {
      const [value = '', from] = payload.split(' ');
      seen = value;
      if (from !== self) deps.version.moved('written by another instance');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANNEL}`);
      await next.query('select pg_advisory_lock_shared($1, $2)', [...IN_USE_LOCK_KEY]);
      const stored = await next.query<{ value: string }>(
        'select value from app_state where key = $1',
        [STORED_VERSION_KEY],
      );
      const now = stored.rows[0]?.value ?? '0';
      if (seen !== null && now !== seen) deps.version.moved('written while not listening');
      if (seen !== null) log.info('content version: listening again');
      seen = now;
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) return void next.end().catch(() => undefined);
    client = next;
    delay = RETRY_FIRST_MS;
    deps.version.heard();
  }

  let beating = false;
  /** Asks the listening connection for the stored counter: no answer in time, and it is replaced. */
  async function beat(): Promise<void> {
    const current = client;
    if (!current || beating) return;
    beating = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer in ${timing.heartbeatTimeoutMs} ms`)),
          timing.heartbeatTimeoutMs,
        );
      });
      const stored = await Promise.race([
        current.query<{ value: string }>('select value from app_state where key = $1', [
          STORED_VERSION_KEY,
        ]),
        timeout,
      ]);
      const now = stored.rows[0]?.value ?? '0';
      // Ahead only: a notice read with the answer may already have moved `seen` past it.
      if (client === current && Number(now) > Number(seen)) {
        seen = now;
        deps.version.moved('written while a notice went unheard');
      }
    } catch (err) {
      // Ending a connection with a query unanswered destroys its socket; the reconnect compares.
      lost(current, err);
    } finally {
      clearTimeout(timer);
      beating = false;
    }
  }

  await connect();
  const heartbeat = setInterval(() => void beat(), timing.heartbeatMs);
  heartbeat.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      clearTimeout(repay);
      // One last try (the pool is still open), bounded: else peers keep old pages until a write.
      if (owed !== 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          bump('a write peers were not told of, before stopping', STOP_REPAY_MS),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_REPAY_MS))),
        ]);
        clearTimeout(timer);
      }
      if (owed !== 0) log.warn('content version: stopping with a write peers were not told of');
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
