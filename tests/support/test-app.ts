import { mkdtempSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp, type AppHandler } from '../../server/app';
import type { Clock } from '../../server/clock';
import type { MissGate } from '../../server/site/page-cache/page-cache';
import { createContentVersion } from '../../server/content-version';
import { prepareContent } from '../../server/bootstrap';
import { parseConfig } from '../../server/config';
import type { Role } from '#shared/roles';
import { createAuthService } from '../../server/features/auth/auth.service';
import { hashPassword } from '../../server/features/auth/password';
import { createUsersRepo } from '../../server/features/auth/users.repo';
import { createDb } from '../../server/db/knex';
import { createOutboxSignal } from '../../server/features/mail/outbox-signal';
import { migrateLatest } from '../../server/db/migrate';
import { createLogger } from '../../server/logger';
import { PROJECT_ROOT } from '../../server/project-root';
import { openRuntime } from '../../server/runtime';

/** The built server and admin CLI (`npm run build:server`), as production runs them. */
export const BUILT_SERVER = path.join(PROJECT_ROOT, 'dist/server/index.js');
/** The production launch of the built server (memory settings, then `exec node`): run with `sh`. */
export const SERVE_SCRIPT = path.join(PROJECT_ROOT, 'scripts/serve.sh');
export const BUILT_ADMIN_CLI = path.join(PROJECT_ROOT, 'dist/server/cli/admin.js');
export const BUILT_BACKUP_CLI = path.join(PROJECT_ROOT, 'dist/server/cli/backup.js');
export const BUILT_DB_COPY_CLI = path.join(PROJECT_ROOT, 'dist/server/cli/db-copy.js');

export const TEST_ADMIN = { username: 'test-admin', password: 'admin-password-123' };

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'site-test-'));
}

/**
 * The real app on a real SQLite file in a temp DATA_DIR (or the one given, to
 * test a restart), with the test admin created and no demo content unless asked.
 * `clock`: the time the app goes by (tests/support/clock.ts), else the real one;
 * `missGate`: the page cache's miss gate, else one with the default settings.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  dataDir = tempDataDir(),
  { clock, missGate }: { clock?: Clock; missGate?: MissGate } = {},
) {
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ...env,
  });
  // Log lines are kept for tests that check what is (and is not) logged (set LOG_LEVEL).
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger(config, sink);
  const runtime = await openRuntime(config, logger);
  await prepareContent(config, runtime.db, logger);
  const outboxSignal = createOutboxSignal();
  const contentVersion = createContentVersion(clock);
  const app = createApp({
    config,
    logger,
    db: runtime.db,
    sessionStore: runtime.sessions.store,
    sessionSecret: runtime.sessionSecret,
    outboxSignal,
    contentVersion,
    clock,
    missGate,
  });
  /** Everything logged so far (nothing unless LOG_LEVEL was given). */
  async function logs() {
    // Request lines are written together after the turn that answered them (request-log.ts).
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
    return lines.join('');
  }
  return {
    app,
    db: runtime.db,
    /** The version the app's caches follow (hand it to a publication scheduler). */
    contentVersion,
    config,
    logger,
    dataDir,
    logs,
    /** The lines logged so far, each read as JSON. */
    async logLines(): Promise<LogLine[]> {
      return (await logs())
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine);
    },
    /** What the app calls when it queued mail; hand it to a mail worker (tests/support/mail.ts). */
    outboxSignal,
    /** Resolves once every write the app answered before its commit (rate-limit counts) is committed. */
    async settled() {
      // A response's 'finish' handlers (a sign-in giving its hit back) run after it is sent.
      await new Promise((resolve) => setImmediate(resolve));
      await app.settled();
    },
    /** Closes the stores once the app's writes are committed; the data stays for a restart. */
    async close() {
      await Promise.allSettled(app.background.map((job) => job.stop()));
      await runtime.close();
    },
    /** Closes the stores and removes the temp directory. */
    async destroy() {
      await Promise.allSettled(app.background.map((job) => job.stop()));
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** One line of the app's log: pino's fields, with a request line's `req` and `res`. */
export type LogLine = Record<string, unknown> & {
  req?: Record<string, unknown>;
  res?: Record<string, unknown>;
};

/** A cookie-keeping client signed in as the given user (the test admin by default). */
export async function signedIn(app: AppHandler, user = TEST_ADMIN) {
  const agent = request.agent(app);
  await agent.post('/api/auth/login').send(user).expect(200);
  return agent;
}

/** A non-admin account (registration enabled only for this call's app). */
export async function createUser(t: TestApp, username = 'reader', password = 'reader-password-1') {
  const auth = createAuthService({ db: t.db, allowRegistration: true });
  await auth.register({ username, password });
  return { username, password };
}

/** An account of the given role (staff or `user`), made directly in the store. */
export async function createAccount(
  t: Pick<TestApp, 'db'>,
  role: Role,
  username = `${role}-account`,
  password = `${role}-password-1`,
) {
  const password_hash = await hashPassword(password);
  await createUsersRepo(t.db).insert({ username, password_hash, role });
  return { username, password };
}

/**
 * A migrated database for service tests (no HTTP): a real SQLite file in a
 * temp dir, or the PostgreSQL database at `databaseUrl`.
 */
export async function createTestDb({ databaseUrl }: { databaseUrl?: string } = {}) {
  const dataDir = tempDataDir();
  const db = createDb({ dataDir, databaseUrl });
  await migrateLatest(db);
  return {
    db,
    dataDir,
    async destroy() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
