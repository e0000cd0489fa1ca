import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import session from 'express-session';
import pino from 'pino';
import { createApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { createDb } from '../../server/db/knex';
import { migrateLatest } from '../../server/db/migrate';
import { createAuthService } from '../../server/features/auth/auth.service';

export const DESKTOP_ADMIN = { username: 'desktop-admin', password: 'desktop-admin-password-1' };

/**
 * Tests only: the real application (helper A's `createApp`) on a temp SQLite
 * folder, listening on 127.0.0.1 with a free port, as a desktop user's
 * company server would.
 */
export async function startRealServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'desktop-server-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  const db = createDb(config);
  await migrateLatest(db);
  await createAuthService({ db, allowRegistration: false }).ensureAdmin(
    DESKTOP_ADMIN.username,
    DESKTOP_ADMIN.password,
  );
  const app = createApp({
    config,
    logger: pino({ level: 'silent' }),
    db,
    sessionStore: new session.MemoryStore(),
    sessionSecret: 'desktop-test-session-secret-0123456789abcdef',
  });
  const server: Server = await new Promise((resolve) => {
    const s = createServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    db,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port on 127.0.0.1 where nothing listens (a server that is down). */
export async function deadServerUrl(): Promise<string> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
