import type { Logger } from '../logger';
import { dbFault, FAULT_REASONS, type DbFault } from './db-errors';
import type { Db } from './knex';

/** The app_state row the write probe touches. */
const PROBE_KEY = 'health.write_probe';
const PROBE_EVERY_MS = 30_000;
const PROBE_WHILE_FAILING_MS = 5_000;

export type DbSide = 'ok' | `failing: ${string}`;
export type DbHealthReport = { read: DbSide; write: DbSide };

/**
 * Whether the database can be read and written. Reads are checked when
 * asked (a query on a real table). Writes are known from the app's own
 * failures (`noteFault`, called by the error handlers) and from a small
 * background write every 30 s (every 5 s while failing, so recovery shows
 * quickly); a health check never waits for a write. Any write that fails
 * marks the write side failing, a busy database too (writes answer 503
 * while it lasts), until the next probe succeeds. The probe is a write
 * transaction like the app's own (on SQLite it waits its turn and begins
 * IMMEDIATE), so it fails whenever they would, whatever the reason.
 */
export function createDbHealth({ db, logger }: { db: Db; logger: Logger }) {
  let write: DbSide = 'ok';
  let timer: NodeJS.Timeout | undefined;
  let probing = false;
  let inFlight: Promise<void> = Promise.resolve();

  function setWrite(next: DbSide): void {
    if (next === write) return;
    if (next === 'ok') logger.info('database writes work again');
    else logger.error({ write: next }, 'database writes are failing');
    write = next;
    schedule();
  }

  async function probe(): Promise<void> {
    if (probing) return;
    probing = true;
    try {
      const at = new Date().toISOString();
      await db.transaction(async (trx) => {
        await trx('app_state')
          .insert({ key: PROBE_KEY, value: at, updated_at: at })
          .onConflict('key')
          .merge(['value', 'updated_at']);
      });
      setWrite('ok');
    } catch (error) {
      const fault = dbFault(error);
      setWrite(`failing: ${fault ? FAULT_REASONS[fault] : 'error'}`);
    } finally {
      probing = false;
    }
  }

  function schedule(): void {
    if (!timer) return;
    clearInterval(timer);
    timer = setInterval(
      () => void (inFlight = probe()),
      write === 'ok' ? PROBE_EVERY_MS : PROBE_WHILE_FAILING_MS,
    );
    timer.unref();
  }

  return {
    /** A write failed: busy, full, read-only or I/O (unreachable shows on the read side). */
    noteFault(fault: DbFault): void {
      if (fault !== 'unavailable') {
        setWrite(`failing: ${FAULT_REASONS[fault]}`);
      }
    },

    async report(): Promise<DbHealthReport> {
      try {
        await db('knex_migrations').select('id').limit(1);
        return { read: 'ok', write };
      } catch (error) {
        const fault = dbFault(error);
        return { read: `failing: ${fault ? FAULT_REASONS[fault] : 'error'}`, write };
      }
    },

    probe,

    start(): void {
      timer = setInterval(() => void (inFlight = probe()), PROBE_EVERY_MS);
      timer.unref();
    },

    /** Stops probing; resolves once a probe under way has finished (so the store can close). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await inFlight;
    },
  };
}

export type DbHealth = ReturnType<typeof createDbHealth>;
