/** What a statement's `run` tells about the write it made (knex reads it after the answer). */
export type RunContext = { lastID?: number; changes?: number };

type Callback = (this: RunContext, err: Error | null, rows?: unknown[]) => void;

/** The part of a node-sqlite3 `Statement` the cache uses. */
export type PreparedStatement = {
  all(params: unknown[], cb: Callback): unknown;
  run(params: unknown[], cb: Callback): unknown;
  finalize(cb?: (err: Error | null) => void): unknown;
};

/** The part of a node-sqlite3 `Database` the cache uses. */
export type StatementSource = {
  prepare(sql: string, cb: (err: Error | null) => void): PreparedStatement;
};

/** Statements kept per connection: well above the app's distinct queries, and each is kilobytes. */
export const STATEMENTS_PER_CONNECTION = 128;

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
 * schema change. node-sqlite3 queues the uses of one statement one after the
 * other, and what `run` reports (`lastID`, `changes`) is copied for each use.
 */
export function createStatementCache(limit = STATEMENTS_PER_CONNECTION) {
  const byConnection = new WeakMap<StatementSource, Map<string, PreparedStatement>>();

  function kept(connection: StatementSource): Map<string, PreparedStatement> {
    let statements = byConnection.get(connection);
    if (!statements) {
      statements = new Map();
      byConnection.set(connection, statements);
    }
    return statements;
  }

  /** The connection's statement for `sql`, compiled on first use; the least recently used goes beyond `limit`. */
  function statement(connection: StatementSource, sql: string): Promise<PreparedStatement> {
    const statements = kept(connection);
    const known = statements.get(sql);
    if (known) {
      // Most recently used last: a Map keeps insertion order.
      statements.delete(sql);
      statements.set(sql, known);
      return Promise.resolve(known);
    }
    return new Promise((resolve, reject) => {
      const prepared = connection.prepare(sql, (err) => {
        if (err) return reject(err);
        // Two first uses at once compiled it twice: keep one, let the other go after its use.
        if (!statements.has(sql)) {
          statements.set(sql, prepared);
          if (statements.size > limit) {
            const [oldest] = statements;
            statements.delete(oldest![0]);
            oldest![1].finalize();
          }
          resolve(prepared);
        } else {
          resolve(oneUse(prepared));
        }
      });
    });
  }

  return {
    /** Runs `sql` with `bindings` as `all` (rows) or `run` (the write's context). */
    async query(
      connection: StatementSource,
      method: 'all' | 'run',
      sql: string,
      bindings: unknown[],
    ): Promise<{ rows: unknown[] | undefined; context: RunContext }> {
      const prepared = await statement(connection, sql);
      return new Promise((resolve, reject) => {
        prepared[method](bindings, function (err, rows) {
          if (err) return reject(err);
          resolve({ rows, context: { lastID: this.lastID, changes: this.changes } });
        });
      });
    },

    /** Finalizes the connection's statements: SQLite closes no connection that still has some. */
    async release(connection: StatementSource): Promise<void> {
      const statements = byConnection.get(connection);
      if (!statements) return;
      byConnection.delete(connection);
      await Promise.all(
        [...statements.values()].map(
          (prepared) => new Promise<void>((resolve) => prepared.finalize(() => resolve())),
        ),
      );
    },
  };
}

/** A statement finalized after its one use (the loser of two simultaneous first compiles). */
function oneUse(prepared: PreparedStatement): PreparedStatement {
  const once =
    (method: 'all' | 'run') =>
    (params: unknown[], cb: Callback): unknown =>
      prepared[method](params, function (err, rows) {
        const context = { lastID: this.lastID, changes: this.changes };
        prepared.finalize();
        cb.call(context, err, rows);
      });
  return { all: once('all'), run: once('run'), finalize: (cb) => prepared.finalize(cb) };
}
