import { createHash } from 'node:crypto';
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import { transactionPerWrite, type GroupCommit } from '../db/group-commit';
import type { Db } from '../db/knex';
import type { Count, LocalCounts } from './rate-limit-counts';
import type { Clock } from '../clock';

/** How often, at most, one store sweeps expired rows (on its next increment). */
const SWEEP_EVERY_MS = 60_000;
/** How many over-the-limit keys one store remembers locally. */
const MAX_BLOCKED = 10_000;

type Row = { hits: unknown; reset_at: unknown };

/** `db.raw` answers rows as an array on SQLite and as `{rows}` on PostgreSQL. */
function rowsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}

const infoOf = (count: Count): ClientRateLimitInfo => ({
  totalHits: count.hits,
  resetTime: new Date(count.resetAt),
});

const info = (row: Row): ClientRateLimitInfo =>
  infoOf({ hits: Number(row.hits), resetAt: Number(row.reset_at) });

/**
 * An express-rate-limit store in the app's own database (SQLite or
 * PostgreSQL, through knex), so counters survive a restart and are shared by
 * every instance on one PostgreSQL. One atomic upsert per hit: a new key or
 * an expired window starts at 1 with a fresh reset time, a live one adds 1.
 * Keys are hashed, so the table holds no addresses or usernames.
 *
 * A key already over its limit is remembered in memory until its window
 * ends: a client that keeps hammering after its 429 is answered without a
 * database write, so a flood cannot turn into a write storm that slows
 * everyone's reads. See docs/decisions/009-hardening.md.
 *
 * Its writes go through the app's group commit (`writes`): on SQLite, the
 * counters of requests arriving together are committed with each other and
 * with the enquiries beside them, instead of one commit each racing the
 * enquiries' transactions for the write lock.
 *
 * Given `local` (the embedded SQLite, which this process alone writes), a
 * hit is counted in memory and answered at once; the new count is written
 * behind it, in the next commit, so a restart still finds it (decision 018).
 * A key memory may not know (see rate-limit-counts.ts) is counted in the
 * database as above, and later hits of it wait for that answer.
 */
export class DatabaseRateLimitStore implements Store {
  /** Counts live in the database, shared across limiters only by prefix. */
  localKeys = false;
  prefix: string;
  private windowMs = 60_000;
  private limit: number | undefined;
  private lastSweep = 0;
  private readonly blocked = new Map<string, { hits: number; resetAt: number }>();

  /** Milliseconds, from the given clock (tests) or Date.now. */
  private readonly clock: () => number;
  private readonly writes: GroupCommit;
  private readonly local: LocalCounts | undefined;
  /** Keys being counted in the database now, for memory (see `countLocally`). */
  private readonly asking = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    prefix: string,
    options: { clock?: Clock; writes?: GroupCommit; local?: LocalCounts } = {},
  ) {
    this.prefix = `${prefix}:`;
    const given = options.clock;
    this.clock = given ? () => given().getTime() : Date.now;
    this.writes = options.writes ?? transactionPerWrite(db);
    this.local = options.local;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    this.limit = typeof options.limit === 'number' ? options.limit : undefined;
    this.local?.addWindow(options.windowMs);
  }

  private hash(key: string): string {
    return createHash('sha256').update(`${this.prefix}${key}`).digest('hex');
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    if (this.local) {
      const now = this.clock();
      const hashed = this.hash(key);
      await this.local.ready();
      const count = this.local.live(hashed, now);
      if (count) return infoOf(count);
      if (this.local.knowsAll(now)) return undefined;
    }
    const over = this.blocked.get(this.hash(key));
    if (over && over.resetAt > this.clock()) {
      return { totalHits: over.hits, resetTime: new Date(over.resetAt) };
    }
    const row = await this.db('rate_limits')
      .where({ key: this.hash(key) })
      .andWhere('reset_at', '>', this.clock())
      .first();
    return row ? info(row as Row) : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = this.clock();
    const hashed = this.hash(key);
    return this.local
      ? this.countLocally(this.local, hashed, now)
      : this.countInDatabase(hashed, now);
  }

  /** Counts a hit in memory and writes the count behind; a key memory may not know, in the database. */
  private async countLocally(
    local: LocalCounts,
    hashed: string,
    now: number,
  ): Promise<IncrementResponse> {
    await local.ready();
    // Hits of a key being asked of the database wait for its answer, then count on from it.
    while (this.asking.has(hashed)) await this.asking.get(hashed);
    let count = local.live(hashed, now);
    if (!count && !local.knowsAll(now)) {
      const asked = this.countInDatabase(hashed, now);
      this.asking.set(
        hashed,
        asked.catch(() => undefined),
      );
      try {
        const counted = await asked;
        local.set(hashed, { hits: counted.totalHits, resetAt: counted.resetTime!.getTime() });
        return counted;
      } finally {
        this.asking.delete(hashed);
      }
    }
    if (!count) {
      count = { hits: 0, resetAt: now + this.windowMs };
      local.set(hashed, count);
    }
    count.hits += 1;
    // Past one over the limit the stored row already refuses, after a restart too.
    if (this.limit === undefined || count.hits <= this.limit + 1) local.writeBehind(hashed, count);
    this.sweep(now);
    return infoOf(count);
  }

  /** One atomic upsert: a new key or an ended window starts at 1, a live one adds 1. */
  private async countInDatabase(hashed: string, now: number): Promise<IncrementResponse> {
    const over = this.blocked.get(hashed);
    if (over && over.resetAt > now) {
      over.hits++;
      return { totalHits: over.hits, resetTime: new Date(over.resetAt) };
    }
    if (over) this.blocked.delete(hashed);
    const resetAt = now + this.windowMs;
    const result = await this.writes.run((trx) =>
      trx.raw(
        `insert into rate_limits (key, hits, reset_at) values (?, 1, ?)
         on conflict (key) do update set
           hits = case when rate_limits.reset_at <= ? then 1 else rate_limits.hits + 1 end,
           reset_at = case when rate_limits.reset_at <= ? then ? else rate_limits.reset_at end
         returning hits, reset_at`,
        [hashed, resetAt, now, now, resetAt],
      ),
    );
    const row = rowsOf(result)[0];
    this.sweep(now);
    const counted = row ? info(row) : { totalHits: 1, resetTime: new Date(resetAt) };
    if (this.limit !== undefined && counted.totalHits > this.limit) {
      if (this.blocked.size >= MAX_BLOCKED) this.blocked.clear();
      this.blocked.set(hashed, { hits: counted.totalHits, resetAt: counted.resetTime!.getTime() });
    }
    return counted;
  }

  /** Gives back a hit (a request that turned out not to count, e.g. a successful sign-in). */
  async decrement(key: string): Promise<void> {
    const now = this.clock();
    const counted = this.local?.live(this.hash(key), now);
    if (this.local && counted) {
      // Memory holds the truth: its new count is written behind, as a hit's is.
      counted.hits = Math.max(0, counted.hits - 1);
      this.local.writeBehind(this.hash(key), counted);
      return;
    }
    const over = this.blocked.get(this.hash(key));
    if (over) over.hits = Math.max(0, over.hits - 1);
    await this.writes.run((trx) =>
      trx('rate_limits')
        .where({ key: this.hash(key) })
        .andWhere('hits', '>', 0)
        .andWhere('reset_at', '>', now)
        .decrement('hits', 1),
    );
  }

  async resetKey(key: string): Promise<void> {
    this.local?.delete(this.hash(key));
    this.blocked.delete(this.hash(key));
    await this.writes.run((trx) =>
      trx('rate_limits')
        .where({ key: this.hash(key) })
        .delete(),
    );
  }

  /** Deletes expired windows now and then; a failure only delays the next sweep. */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.local?.sweep(now);
    void this.writes.run((trx) => removeExpiredRateLimits(trx, now)).catch(() => undefined);
  }
}

/** Removes every counter whose window has ended; returns how many. */
export async function removeExpiredRateLimits(db: Db, now = Date.now()): Promise<number> {
  return db('rate_limits').where('reset_at', '<=', now).delete();
}
