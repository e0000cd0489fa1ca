import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import knex from 'knex';

/**
 * A throwaway PostgreSQL for integration tests: TEST_DATABASE_URL's server when
 * set, else a cluster (initdb + pg_ctl) in a temp dir, listening on 127.0.0.1
 * only, on a free port. Each call gets its own new database. Under vitest the
 * global setup starts one cluster for the whole run (`startSharedCluster`) and
 * every test file makes its databases there; elsewhere (a benchmark) and for a
 * test that stops the server itself (`ownCluster`), a call starts a cluster of
 * its own.
 */
export type TestPostgres = {
  url: string;
  stop(): Promise<void>;
  /** The throwaway cluster only: stop its server (every connection drops) and start it again. */
  halt?(): void;
  resume?(): void;
};

type Binaries = { initdb: string; pgCtl: string };

/** Why no PostgreSQL can be started here (null when one can). */
export let postgresUnavailable: string | null = null;

function findBinaries(): Binaries | null {
  const dirs = [...(process.env.PG_BIN ? [process.env.PG_BIN] : [])];
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  for (const dir of dirs) {
    const initdb = path.join(dir, 'initdb');
    const pgCtl = path.join(dir, 'pg_ctl');
    if (existsSync(initdb) && existsSync(pgCtl)) return { initdb, pgCtl };
  }
  return null;
}

const isRoot = () => process.getuid?.() === 0;

function hasSu(): boolean {
  try {
    execFileSync('su', ['postgres', '-c', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/** Runs a PostgreSQL binary, as the postgres user when we are root (initdb refuses root). */
function runPg(binary: string, args: string[]): void {
  if (isRoot()) {
    const command = [binary, ...args].map(quote).join(' ');
    execFileSync('su', ['postgres', '-c', command], { stdio: 'pipe' });
  } else {
    execFileSync(binary, args, { stdio: 'pipe' });
  }
}

/** Checked once per process: can this machine run a throwaway cluster? */
function detect(): Binaries | null {
  if (process.env.TEST_DATABASE_URL) return null;
  const binaries = findBinaries();
  if (!binaries) {
    postgresUnavailable = 'PostgreSQL binaries (initdb, pg_ctl) not found';
  } else if (isRoot() && !hasSu()) {
    postgresUnavailable = 'running as root without `su postgres` (initdb refuses root)';
  }
  return postgresUnavailable ? null : binaries;
}

const binaries = detect();

/** True when startPostgres() can give a database. */
export const postgresAvailable = Boolean(process.env.TEST_DATABASE_URL) || binaries !== null;

/** Where the global setup's cluster of this run is (its maintenance database). */
const SHARED_CLUSTER_VARIABLE = 'TEST_POSTGRES_SHARED_URL';

type Cluster = { dir: string; adminUrl: string; stop(): void; halt(): void; resume(): void };

/** A cluster on a free port (tried again when the port was taken between the probe and the start). */
async function startClusterOnFreePort(bins: Binaries): Promise<Cluster> {
  for (let attempt = 0; ; attempt++) {
    try {
      return startCluster(bins, await freePort());
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

function startCluster(bins: Binaries, port: number): Cluster {
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
  if (isRoot()) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  const data = path.join(dir, 'data');
  const user = isRoot() ? 'postgres' : userInfo().username;
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        runPg(bins.pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const start = () =>
    runPg(bins.pgCtl, [
      '-D',
      data,
      '-o',
      // fsync off: a test database need not survive a crash. A zone far from
      // UTC, so that a query relying on the server's zone shows up.
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off` +
        // Room for the test files running side by side, each with its servers' pools.
        ' -c max_connections=300 -c TimeZone=Pacific/Kiritimati',
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]);
  try {
    runPg(bins.initdb, ['-D', data, '-A', 'trust', '-U', user, '-E', 'UTF8', '--no-sync']);
    started = true;
    start();
  } catch (error) {
    stop();
    throw error;
  }
  process.once('exit', stop);
  return {
    dir,
    adminUrl: `postgres://${user}@127.0.0.1:${port}/postgres`,
    stop() {
      process.removeListener('exit', stop);
      stop();
    },
    halt: () => runPg(bins.pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
  };
}

/** One statement on the server's maintenance database (pg through knex, which has types). */
async function onServer(adminUrl: string, sql: string): Promise<void> {
  const admin = knex({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(sql);
  } finally {
    await admin.destroy();
  }
}

async function createDatabase(adminUrl: string): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  // UTF-8 with byte-order collation whatever the server's defaults, like SQLite.
  await onServer(
    adminUrl,
    `CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const dropDatabase = (adminUrl: string, name: string) =>
  onServer(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);

/**
 * Starts the run's cluster (vitest's global setup) when this machine can and
 * no TEST_DATABASE_URL is given, and tells the test files where it is; the
 * returned function stops it. Null when there is nothing to start.
 */
export async function startSharedCluster(): Promise<(() => void) | null> {
  if (!binaries) return null;
  const cluster = await startClusterOnFreePort(binaries);
  process.env[SHARED_CLUSTER_VARIABLE] = cluster.adminUrl;
  return () => {
    delete process.env[SHARED_CLUSTER_VARIABLE];
    cluster.stop();
  };
}

/** A new database on a running server, dropped again by stop(). */
async function databaseOn(adminUrl: string): Promise<TestPostgres> {
  const url = await createDatabase(adminUrl);
  const name = new URL(url).pathname.slice(1);
  return { url, stop: () => dropDatabase(adminUrl, name) };
}

/**
 * A new database on TEST_DATABASE_URL's server or on the run's cluster
 * (dropped by stop()), or on a throwaway cluster of its own (removed by
 * stop()); null when none is possible, with the reason in
 * `postgresUnavailable`. `ownCluster` asks for a cluster of its own, for a
 * test that stops and restarts the server (`halt`, `resume`).
 */
export async function startPostgres(
  options: { ownCluster?: boolean } = {},
): Promise<TestPostgres | null> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return databaseOn(external);
  const shared = process.env[SHARED_CLUSTER_VARIABLE];
  if (shared && !options.ownCluster) return databaseOn(shared);
  if (!binaries) return null;
  const started = await startClusterOnFreePort(binaries);
  try {
    const url = await createDatabase(started.adminUrl);
    return { url, stop: async () => started.stop(), halt: started.halt, resume: started.resume };
  } catch (error) {
    started.stop();
    throw error;
  }
}
