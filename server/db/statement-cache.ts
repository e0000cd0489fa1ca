/** What a statement's `run` tells about the write it made (knex reads it after the answer). */
export type RunContext = { lastID?: number; changes?: number };

type Callback = (this: RunContext, err: Error | null, rows?: unknown[]) => void;

/** The part of a node-sqlite3 `Statement` the cache uses. */
export type PreparedStatement = {
  all(params: unknown[], cb: Callback): unknown;
  run(params: unknown[], cb: Callback): unknown;
  reset(cb: (err: Error | null) => void): unknown;
  finalize(cb?: (err: Error | null) => void): unknown;
};

/** The part of a node-sqlite3 `Database` the cache uses. */
export type StatementSource = {
  prepare(sql: string, cb: (err: Error | null) => void): PreparedStatement;
};

/** Statements kept per connection: well above the app's distinct queries, and each is kilobytes. */
export const STATEMENTS_PER_CONNECTION = 128;

/**
 * Copies of one statement a connection keeps for uses at the same time (a
 * batch of writes, a burst of one read). node-sqlite3 runs the uses of one
 * statement one after the other, each waiting for the main thread to hand
 * over the next; copies run side by side on libuv's pool, where SQLite
 * itself takes them in turn.
 */
export const COPIES_PER_STATEMENT = 4;

/** One compiled copy of a statement, and how many uses are running on it or queued for it. */
type Copy = { ready: Promise<PreparedStatement>; uses: number };

/**
 * Prepared statements of one SQLite connection, kept by their SQL. node-sqlite3
 * runs every step of a query on libuv's pool, and `db.all(sql)` is two trips
 * there (compile, then run), each waking a thread; a kept statement is one
 * trip. On these machines a thread's wake-up costs more than a simple query
 * itself, so an enquiry's two statements cost half the hand-offs they did.
 *
 * Safe to keep: a statement runs to its end before it answers (`all` reads
 * every row, `run` has none), so a kept one holds no lock and no read
 * snapshot between uses, and SQLite compiles it again by itself after a
 * schema change. A statement that fails is reset before its use answers:
 * node-sqlite3 leaves it as the failure left it, and a write that met
 * SQLITE_BUSY waiting for the lock stays "in progress", so the connection's
 * next COMMIT would fail ("SQL statements in progress") and leave that
 * transaction open, holding the write lock. A use takes an idle copy of its statement, or compiles
 * another while fewer than COPIES_PER_STATEMENT exist, or else queues on
 * the least busy; what `run` reports (`lastID`, `changes`) is copied for
 * each use.
 */
export function createStatementCache(limit = STATEMENTS_PER_CONNECTION) {
  const byConnection = new WeakMap<StatementSource, Map<string, Copy[]>>();

  function kept(connection: StatementSource): Map<string, Copy[]> {
    let statements = byConnection.get(connection);
    if (!statements) {
      statements = new Map();
      byConnection.set(connection, statements);
    }
    return statements;
  }

  /** Compiles a copy of `sql`; one that fails to compile is forgotten (and compiled again next time). */
  function compile(connection: StatementSource, sql: string, copies: Copy[]): Copy {
    const copy: Copy = { uses: 0, ready: undefined as unknown as Promise<PreparedStatement> };
    copy.ready = new Promise((resolve, reject) => {
      const prepared = connection.prepare(sql, (err) => {
        if (!err) return resolve(prepared);
        const at = copies.indexOf(copy);
        if (at >= 0) copies.splice(at, 1);
        reject(err);
      });
    });
    copies.push(copy);
    return copy;
  }

  /** The copy of `sql`'s statement a use runs on; the least recently used SQL goes beyond `limit`. */
  function copyFor(connection: StatementSource, sql: string): Copy {
    const statements = kept(connection);
    let copies = statements.get(sql);
    if (copies) {
      // Most recently used last: a Map keeps insertion order.
      statements.delete(sql);
      statements.set(sql, copies);
    } else {
      copies = [];
      statements.set(sql, copies);
      if (statements.size > limit) {
        const [[oldest, gone]] = statements as unknown as [[string, Copy[]]];
        statements.delete(oldest);
        // node-sqlite3 finalizes a statement after the uses already queued on it.
        for (const copy of gone) copy.ready.then((prepared) => prepared.finalize(), ignore);
      }
    }
    const idle = copies.find((copy) => copy.uses === 0);
    if (idle) return idle;
    if (copies.length < COPIES_PER_STATEMENT) return compile(connection, sql, copies);
    return copies.reduce((least, copy) => (copy.uses < least.uses ? copy : least));
  }

  return {
    /** Runs `sql` with `bindings` as `all` (rows) or `run` (the write's context). */
    async query(
      connection: StatementSource,
      method: 'all' | 'run',
      sql: string,
      bindings: unknown[],
    ): Promise<{ rows: unknown[] | undefined; context: RunContext }> {
      const copy = copyFor(connection, sql);
      copy.uses += 1;
      try {
        const prepared = await copy.ready;
        return await new Promise((resolve, reject) => {
          prepared[method](bindings, function (err, rows) {
            // Reset before the connection goes back to the pool (see above); the failure is the answer.
            if (err) return void prepared.reset(() => reject(err));
            resolve({ rows, context: { lastID: this.lastID, changes: this.changes } });
          });
        });
      } finally {
        copy.uses -= 1;
      }
    },

    /** Finalizes the connection's statements: SQLite closes no connection that still has some. */
    async release(connection: StatementSource): Promise<void> {
      const statements = byConnection.get(connection);
      if (!statements) return;
      byConnection.delete(connection);
      const copies = [...statements.values()].flat();
      await Promise.all(
        copies.map((copy) =>
          copy.ready.then(
            (prepared) => new Promise<void>((resolve) => prepared.finalize(() => resolve())),
            ignore,
          ),
        ),
      );
    },
  };
}

/** A compile that failed has already failed its own use. */
const ignore = () => undefined;
