import type { Knex } from 'knex';
import Client_SQLite3 from 'knex/lib/dialects/sqlite3/index.js';
import Transaction_Sqlite from 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js';
import { createStatementCache, type StatementSource } from './statement-cache';

/** A query as knex hands it to its client's `_query`. */
type KnexQuery = {
  sql?: string;
  bindings?: unknown[];
  method?: string;
  returning?: unknown;
  response?: unknown;
  context?: unknown;
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
 * SQLite transactions begin DEFERRED: one that reads first takes the write
 * lock only at its first write, and when another connection wrote since its
 * read, SQLite answers SQLITE_BUSY at once (busy_timeout cannot help: the
 * snapshot it read is stale). So a write transaction here begins IMMEDIATE,
 * taking the write lock (waiting up to busy_timeout for another process's)
 * before it reads; and it waits for this process's other writers in the
 * queue first. A `readOnly` transaction begins as before and waits for
 * nobody; reads outside transactions never queue.
 */
class WriteTransaction extends Transaction_Sqlite {
  override begin(conn: unknown) {
    return this.query(conn, this.readOnly ? 'BEGIN;' : 'BEGIN IMMEDIATE;');
  }

  /**
   * A transaction that failed hands its connection back outside any
   * transaction. SQLite keeps a transaction open when its COMMIT fails
   * (SQLITE_BUSY), and knex then released the connection as it was: every
   * later BEGIN on it failed, and it held the write lock, so every other
   * connection's write failed too, until a restart. So after a failure the
   * connection is rolled back when needed (see leaveTransaction).
   */
  override acquireConnection(config: unknown, work: (conn: unknown) => Promise<unknown>) {
    // A nested transaction is a savepoint: its outer transaction ends the connection's.
    if (this.client.transacting) return super.acquireConnection(config, work);
    return super.acquireConnection(config, async (conn) => {
      try {
        return await work(conn);
      } catch (error) {
        await (this.client as SqliteClient).leaveTransaction(conn as Connection);
        throw error;
      }
    });
  }

  override _evaluateContainer(config: unknown, container: unknown) {
    const start = () => super._evaluateContainer(config, container);
    // A nested transaction is a savepoint on its outer transaction's connection.
    if (this.client.transacting || this.readOnly) return start();
    return (this.client as SqliteClient).inTurn(start);
  }
}

/** How knex's SQLite client runs each kind of query: `all` answers rows, `run` a write's context. */
function callMethod(query: KnexQuery): 'all' | 'run' {
  switch (query.method) {
    case 'insert':
    case 'update':
      return query.returning ? 'all' : 'run';
    case 'counter':
    case 'del':
      return 'run';
    default:
      return 'all';
  }
}

/** A pooled node-sqlite3 connection, as this client uses it. */
type Connection = StatementSource & { exec(sql: string, cb: (err: Error | null) => void): unknown };

/**
 * knex's SQLite client whose transactions are write transactions (see above)
 * and whose queries run on prepared statements kept per connection
 * (statement-cache.ts).
 */
export function sqliteClient(busyTimeoutMs: number) {
  // Beside the class, not on it: a transaction's client is a bare copy of its prototype.
  const statements = createStatementCache();
  /** Connections in doubt: the pool closes them (SQLite rolls back) instead of handing them out again. */
  const replaced = new WeakSet<Connection>();
  /** The close under way, if any: connections close one after the other (see destroyRawConnection). */
  let closing: Promise<unknown> = Promise.resolve();
  return class SqliteClient extends Client_SQLite3 {
    readonly inTurn = createWriteQueue(busyTimeoutMs);

    constructor(config: Knex.Config) {
      // Still named 'sqlite3', so code asking which store it is needs to know nothing of this.
      super({ ...config, client: 'sqlite3' });
    }

    async _query(connection: StatementSource, query: KnexQuery) {
      if (!query.sql) throw new Error('The query is empty');
      const { rows, context } = await statements.query(
        connection,
        callMethod(query),
        query.sql,
        query.bindings ?? [],
      );
      query.response = rows;
      query.context = context;
      return query;
    }

    /**
     * Closes one connection at a time. The last connection to close
     * checkpoints the write-ahead log and deletes it, but only when it sees
     * that it is the last: pool connections closing side by side on libuv's
     * threads each saw another still open, and the log stayed behind (14
     * shutdowns in 100 left it).
     */
    override destroyRawConnection(connection: StatementSource): Promise<void> {
      const closed = closing.then(async () => {
        await statements.release(connection);
        await super.destroyRawConnection(connection);
      });
      closing = closed.catch(() => undefined);
      return closed;
    }

    /**
     * Ends whatever transaction a failed one left open on `conn`. Usually
     * there is none (BEGIN failed, or knex rolled back). One still open means
     * its COMMIT failed, and what made it fail (a statement left in progress)
     * may still be on the connection: it is rolled back and replaced, as is
     * a connection that cannot even roll back.
     */
    async leaveTransaction(conn: Connection): Promise<void> {
      const error = await new Promise<Error | null>((resolve) => conn.exec('ROLLBACK', resolve));
      if (!error || !/no transaction is active/.test(error.message)) replaced.add(conn);
    }

    override async validateConnection(conn: Connection): Promise<boolean> {
      return !replaced.has(conn);
    }

    override transaction(...args: unknown[]) {
      return new WriteTransaction(this, ...args) as unknown as Knex.Transaction;
    }
  };
}

type SqliteClient = InstanceType<ReturnType<typeof sqliteClient>>;
