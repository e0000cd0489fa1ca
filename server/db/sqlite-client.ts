import knexModule, { type Knex, type KnexPool as Pool } from 'knex';
import sqlite3 from 'sqlite3';
import { createStatementCache, type RunContext } from './statement-cache';

// knex is CommonJS, and Node's ESM loader sees no named `KnexPool` in it: both are read off the module.
const { knex, KnexPool } = knexModule as unknown as {
  knex: typeof knexModule;
  KnexPool: typeof Pool;
};

/**
 * The embedded database's knex, and everything it does that knex's own
 * SQLite client does not, in this one file, through public APIs only: knex
 * is given a pool of our own (`connectionPool`, a `KnexPool`) whose
 * connections are node-sqlite3 `Database`s that run queries on kept
 * statements; its transactions go through `db.transaction`, with knex's
 * `connection` option and its client's `acquireConnection` and
 * `releaseConnection`. The rest of the code sees a plain knex.
 */

type Callback = (this: RunContext, err: Error | null, rows?: unknown[]) => void;

/**
 * A node-sqlite3 connection whose `all` and `run` (what knex's SQLite client
 * calls for every query, with the SQL, its bindings and a callback) run on
 * statements compiled once per connection and kept (statement-cache.ts,
 * decision 016): one trip to libuv's pool per query instead of a compile,
 * a run and a finalize. Any other call is node-sqlite3's own.
 */
function keptStatementsDatabase(statements: ReturnType<typeof createStatementCache>) {
  return class KeptStatementsDatabase extends sqlite3.Database {
    override all(...args: unknown[]): this {
      return this.kept('all', args) ? this : (super.all(...(args as [string])), this);
    }

    override run(...args: unknown[]): this {
      return this.kept('run', args) ? this : (super.run(...(args as [string])), this);
    }

    /** Runs a `(sql, bindings[], callback)` call on a kept statement; false for any other shape. */
    private kept(method: 'all' | 'run', args: unknown[]): boolean {
      const [sql, bindings, callback] = args;
      if (args.length !== 3 || typeof sql !== 'string' || !Array.isArray(bindings)) return false;
      if (typeof callback !== 'function') return false;
      const done = callback as Callback;
      statements.query(this, method, sql, bindings).then(
        ({ rows, context }) => done.call(context, null, rows),
        (error: Error) => done.call({}, error),
      );
      return true;
    }
  };
}

/** A pooled connection, as this file uses it. */
type Connection = sqlite3.Database;

/** What `db.transaction` runs. */
type Handler = (trx: Knex.Transaction) => Promise<unknown>;

export type SqliteOptions = {
  filename: string;
  /** How long a write waits for the lock, in this process's queue and then SQLite's. */
  busyTimeoutMs: number;
  /** Run on every new connection (settings). */
  pragmas: string;
  pool: { min: number; max: number };
};

/**
 * One write transaction at a time in this process, first come first served;
 * the others wait here, holding neither a pooled connection nor a thread of
 * libuv's pool. A turn not given within `timeoutMs` fails as SQLITE_BUSY
 * does (503, "try again"), so a stuck writer cannot queue the others forever.
 */
export function createWriteQueue(timeoutMs: number) {
  let held = false;
  const waiting = new Set<() => void>();
  const next = () => {
    const [first] = waiting;
    if (!first) held = false;
    else {
      waiting.delete(first);
      first();
    }
  };
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (!held) held = true;
    else {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiting.delete(turn);
          const error = new Error(`SQLITE_BUSY: no turn to write within ${timeoutMs} ms`);
          reject(Object.assign(error, { code: 'SQLITE_BUSY' }));
        }, timeoutMs);
        waiting.add(turn);
      });
    }
    try {
      return await work();
    } finally {
      next();
    }
  };
}

/**
 * The first statement of a write transaction: a write that changes nothing
 * the app reads (the file header's `user_version`, which nothing here uses).
 * knex begins SQLite transactions DEFERRED; one whose first statement
 * writes takes the write lock before it has read anything, which is what
 * `BEGIN IMMEDIATE` does: it waits up to busy_timeout for another process's
 * lock, and never meets a stale read snapshot (which SQLITE_BUSY answers at
 * once, with no wait that could help).
 */
export const TAKE_WRITE_LOCK = 'PRAGMA user_version = 0';

/** Ends a transaction left open; false when none was, true when one was or the ROLLBACK failed. */
function leftInTransaction(conn: Connection): Promise<boolean> {
  return new Promise((resolve) =>
    conn.exec('ROLLBACK', (error) =>
      resolve(!error || !/no transaction is active/.test(error.message)),
    ),
  );
}

/**
 * knex on the SQLite file at `filename`, whose `db.transaction(handler)`
 * is a write transaction (decision 013): it waits for this process's other
 * writers in a queue, takes the write lock first, and a failed one leaves
 * its connection outside any transaction. `{ readOnly: true }` and nested
 * transactions (savepoints) are knex's own and wait for nobody.
 */
export function createSqliteDb(options: SqliteOptions): Knex {
  const inTurn = createWriteQueue(options.busyTimeoutMs);
  const statements = createStatementCache();
  const Database = keptStatementsDatabase(statements);
  /** Connections in doubt: the pool closes them (SQLite rolls back) instead of handing them out again. */
  const replaced = new WeakSet<Connection>();
  /** The close under way, if any: connections close one after the other (see `destroy`). */
  let closing: Promise<unknown> = Promise.resolve();
  const pool = new KnexPool<Connection>({
    ...options.pool,
    acquireTimeoutMillis: 60_000,
    propagateCreateError: true,
    create: () =>
      new Promise((resolve, reject) => {
        const flags = sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE;
        const conn: Connection = new Database(options.filename, flags, (openError) => {
          if (openError) return reject(openError);
          conn.exec(options.pragmas, (error) => (error ? reject(error) : resolve(conn)));
        });
      }),
    validate: (conn) => !replaced.has(conn),
    /**
     * Closes one connection at a time, its kept statements finalized first
     * (SQLite closes no connection that still has some). The last connection
     * to close checkpoints the write-ahead log and deletes it, but only when
     * it sees that it is the last: connections closing side by side on
     * libuv's threads each saw another still open, and the log stayed behind
     * (14 shutdowns in 100 left it).
     */
    destroy: (conn) => {
      const closed = closing.then(async () => {
        await statements.release(conn);
        await new Promise<void>((resolve, reject) =>
          conn.close((error) => (error ? reject(error) : resolve())),
        );
      });
      closing = closed.catch(() => undefined);
      return closed;
    },
  });
  const db = knex({ client: 'sqlite3', connectionPool: pool, useNullAsDefault: true });
  const knexTransaction = db.transaction.bind(db);
  const client = db.client as Knex.Client;

  /**
   * A transaction that failed hands its connection back outside any
   * transaction. SQLite keeps a transaction open when its COMMIT fails
   * (SQLITE_BUSY), and knex then releases the connection as it is: every
   * later BEGIN on it failed, and it held the write lock, so every other
   * connection's write failed too, until a restart. So after a failure the
   * connection is rolled back; one that was still in a transaction (what
   * made its COMMIT fail may still be on it), or cannot roll back, is
   * replaced.
   */
  async function writeTransaction(container: Handler, config: Knex.TransactionConfig) {
    return inTurn(async () => {
      const conn = (await client.acquireConnection()) as Connection;
      try {
        return await knexTransaction(
          async (trx) => {
            await trx.raw(TAKE_WRITE_LOCK);
            return container(trx);
          },
          { ...config, connection: conn },
        );
      } catch (error) {
        if (await leftInTransaction(conn)) replaced.add(conn);
        throw error;
      } finally {
        await client.releaseConnection(conn);
      }
    });
  }

  function transaction(container?: unknown, config?: unknown) {
    if (typeof container !== 'function') {
      // knex's `transaction(config)`: a transaction the caller commits, which no queue can follow.
      throw new Error('On SQLite, a transaction is db.transaction(handler, config?)');
    }
    const { readOnly, ...rest } = (config ?? {}) as Knex.TransactionConfig;
    // A read-only transaction begins as knex begins it (DEFERRED) and waits for nobody.
    if (readOnly) return knexTransaction(container as Handler, rest);
    return writeTransaction(container as Handler, rest);
  }

  const destroy = db.destroy.bind(db);
  Object.defineProperties(db, {
    transaction: { value: transaction, configurable: true },
    // knex leaves a pool it was given open. The pool goes first: it waits for
    // work under way to hand its connection back, which that work can only do
    // while knex still has the pool (knex's destroy forgets it).
    destroy: {
      value: async (callback?: (error?: unknown) => void) => {
        await pool.destroy();
        await destroy();
        callback?.();
      },
      configurable: true,
    },
  });
  return db;
}
