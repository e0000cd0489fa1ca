/**
 * What a database failure means for the visitor, whichever store answered:
 * `busy` (another writer holds the lock past the busy timeout; try again in
 * a few seconds), `full` (no space left), `readonly` (the files or the
 * server refuse writes), `io` (the disk failed a read or write), or
 * `unavailable` (PostgreSQL cannot be reached or is shutting down).
 */
export type DbFault = 'busy' | 'full' | 'readonly' | 'io' | 'unavailable';

const SQLITE: Record<string, DbFault> = {
  SQLITE_BUSY: 'busy',
  SQLITE_LOCKED: 'busy',
  SQLITE_FULL: 'full',
  SQLITE_READONLY: 'readonly',
  SQLITE_IOERR: 'io',
  SQLITE_CANTOPEN: 'io',
};

/** PostgreSQL SQLSTATEs and socket errors (pg passes Node's `code` through). */
const POSTGRES: Record<string, DbFault> = {
  '40001': 'busy', // serialization_failure
  '40P01': 'busy', // deadlock_detected
  '55P03': 'busy', // lock_not_available
  '53100': 'full', // disk_full
  '25006': 'readonly', // read_only_sql_transaction (a standby)
  '57P01': 'unavailable', // admin_shutdown
  '57P02': 'unavailable', // crash_shutdown
  '57P03': 'unavailable', // cannot_connect_now
  '53300': 'unavailable', // too_many_connections
  ECONNREFUSED: 'unavailable',
  ECONNRESET: 'unavailable',
  ETIMEDOUT: 'unavailable',
  EHOSTUNREACH: 'unavailable',
  ENOTFOUND: 'unavailable',
};

export function dbFault(error: unknown): DbFault | null {
  const e = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (SQLITE[code]) return SQLITE[code];
  if (POSTGRES[code]) return POSTGRES[code];
  // SQLSTATE class 08: connection exceptions.
  if (/^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
  // knex could not get a connection from its pool in time: every connection is stuck waiting.
  if (e.name === 'KnexTimeoutError') return 'busy';
  // pg gave up a connect that was not answered in time (`connectionTimeoutMillis`).
  if (typeof e.message === 'string' && /Connection terminated|^timeout expired$/i.test(e.message)) {
    return 'unavailable';
  }
  return null;
}

/** Words for the health check and the logs: never SQL, never the values. */
export const FAULT_REASONS: Record<DbFault, string> = {
  busy: 'database busy',
  full: 'disk full',
  readonly: 'read-only',
  io: 'I/O error',
  unavailable: 'unreachable',
};

/**
 * A database error as it may be logged: its code and kind, and the driver's
 * message with the statement cut off. knex puts the SQL and its bound
 * values (a visitor's name, e-mail, message) into `message`; they never
 * reach the logs.
 */
export function describeDbError(error: unknown): {
  code?: string;
  fault?: DbFault;
  detail?: string;
} {
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const fault = dbFault(error) ?? undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  // "insert into … - SQLITE_FULL: database or disk is full": keep what follows the last " - ".
  const tail = message.includes(' - ') ? message.slice(message.lastIndexOf(' - ') + 3) : '';
  const detail = tail && !/\b(insert|update|delete|select|values)\b/i.test(tail) ? tail : undefined;
  return { code, fault, detail: detail?.slice(0, 200) };
}
