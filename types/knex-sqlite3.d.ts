/** knex's own SQLite client and transaction, extended by server/db/sqlite-client.ts. */
declare module 'knex/lib/dialects/sqlite3/index.js' {
  import type { Knex } from 'knex';
  const Client_SQLite3: typeof Knex.Client;
  export default Client_SQLite3;
}

declare module 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js' {
  import type { Knex } from 'knex';
  export default class Transaction_Sqlite {
    constructor(client: Knex.Client, ...args: unknown[]);
    /** The knex client; `transacting` once inside a transaction (nested ones use savepoints). */
    client: Knex.Client & { transacting?: boolean };
    readOnly?: boolean;
    query(conn: unknown, sql: string): Promise<unknown>;
    begin(conn: unknown): Promise<unknown>;
    _evaluateContainer(config: unknown, container: unknown): Promise<unknown>;
    /** Runs `work` on a pooled connection (the outer transaction's, when nested), then releases it. */
    acquireConnection(config: unknown, work: (conn: unknown) => Promise<unknown>): Promise<unknown>;
  }
}
