import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import session from 'express-session';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { createDb } from '../../server/db/knex';
import { migrateLatest } from '../../server/db/migrate';
import { createAuthService } from '../../server/features/auth/auth.service';
import { TEST_PASSWORD_COST, setPasswordCost } from '../../server/features/auth/password';
import { createNewsService } from '../../server/features/news/news.service';
import { createContentVersion } from '../../server/content-version';
import type { AppDeps } from '../../server/app';

export const ADMIN = { username: 'llm-admin', password: 'llm-admin-password-1' };
export const EDITOR = { username: 'llm-editor', password: 'llm-editor-password-1' };

/**
 * The real app on a temp SQLite file, with logs captured in memory, a signed-in
 * admin agent and a signed-in non-admin agent. Test support, not a test.
 */
export async function startLlmTestApp(
  env: Record<string, string>,
  llmTuning?: AppDeps['llmTuning'],
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'llm-test-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ALLOW_REGISTRATION: 'true',
    LOG_LEVEL: 'debug',
    RATE_LIMIT_AI: '1000',
    ...env,
  });
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ level: 'debug' }, sink);
  setPasswordCost(TEST_PASSWORD_COST);
  const db = createDb(config);
  await migrateLatest(db);
  await createAuthService({ db, allowRegistration: true }).ensureAdmin(
    ADMIN.username,
    ADMIN.password,
  );
  const app = createApp({
    config,
    logger,
    db,
    sessionStore: new session.MemoryStore(),
    sessionSecret: 'llm-test-session-secret-0123456789abcdef',
    llmTuning,
  });

  // The SDK, loaded with a request's first model call, loaded now: the load counts in the
  // request's deadline, which the tests shorten to well under a second.
  await import('openai');
  const admin = request.agent(app);
  await admin.post('/api/auth/login').send(ADMIN).expect(200);
  const editor = request.agent(app);
  await editor.post('/api/auth/register').send(EDITOR).expect(201);
  await editor.post('/api/auth/login').send(EDITOR).expect(200);

  return {
    app,
    admin,
    editor,
    anonymous: request(app),
    news: createNewsService({ db, content: createContentVersion() }),
    /** A further admin, signed in on its own agent. */
    async anotherAdmin(username: string) {
      const password = `${username}-password-1`;
      await createAuthService({ db, allowRegistration: false }).ensureAdmin(username, password);
      const agent = request.agent(app);
      await agent.post('/api/auth/login').send({ username, password }).expect(200);
      return agent;
    },
    async logs() {
      // Request lines are written together after the turn that answered them (request-log.ts).
      for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
      return lines.join('');
    },
    async close() {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type LlmTestApp = Awaited<ReturnType<typeof startLlmTestApp>>;
