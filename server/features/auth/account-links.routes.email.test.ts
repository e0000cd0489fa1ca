import type { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFile } from '../../db/knex';
import { EMAIL_CHANGES_PER_HOUR } from '../../http/rate-limits';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import {
  createAccount,
  createTestApp,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../../../tests/support/test-app';
import { holdWriteLock } from '../../../tests/support/write-lock';
import { MAX_WAITING_PER_ADDRESS } from './hashing-admission';

/**
 * `POST /api/auth/email` checks the account's password (a scrypt hash) and
 * may send a confirmation to any address: it waits its turn for hashing
 * like every other password check, and each account has a few an hour,
 * however they were answered.
 */
let smtp: TestSmtpServer;
const apps: TestApp[] = [];
const children: ChildProcess[] = [];
async function start() {
  const t = await createTestApp({
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <team@forge.example>',
    PUBLIC_URL: 'https://www.forge.example',
  });
  apps.push(t);
  return t;
}
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const t of apps.splice(0)) await t.destroy();
});
afterAll(async () => {
  await smtp.close();
});

const ADDRESS = '198.51.100.40';

describe('asking for a new e-mail address', () => {
  it('waits its turn for password hashing, as sign-ins from the same address do', async () => {
    const t = await start();
    const agent = request.agent(t.app);
    await agent
      .post('/api/auth/login')
      .set('X-Forwarded-For', ADDRESS)
      .send(TEST_ADMIN)
      .expect(200);
    // A sign-in from the address is hashed and then held by a locked database (its audit
    // entry waits), with as many behind it as may wait: the address's turn is taken.
    const lock = await holdWriteLock(sqliteFile(t.dataDir));
    children.push(lock);
    const signIns = Array.from({ length: 1 + MAX_WAITING_PER_ADDRESS }, (_, i) =>
      request(t.app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', ADDRESS)
        .send({ username: `made-up-${i}`, password: 'not-a-password' })
        .then((res) => res.status),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));

    const asked = await agent
      .post('/api/auth/email')
      .set('X-Forwarded-For', ADDRESS)
      .send({ email: 'new-admin@example.com', current_password: TEST_ADMIN.password })
      .expect(429);
    expect(asked.body).toEqual({ error: 'The server is busy. Please try again in a few seconds.' });
    expect(asked.headers['retry-after']).toBe('2');
    lock.kill('SIGKILL');
    await Promise.all(signIns);
  });

  it('is limited per account, every request counted whatever its answer', async () => {
    const t = await start();
    const account = await createAccount(t, 'sales', 'mover');
    const agent = await signedIn(t.app, account);
    const ask = (email: string, current_password = account.password) =>
      agent.post('/api/auth/email?lang=de').send({ email, current_password });

    await ask('first@example.com').expect(200);
    await ask('second@example.com').expect(200);
    await ask('not an address').expect(400);
    await ask('third@example.com', 'not-my-password').expect(401);
    for (let i = 4; i < EMAIL_CHANGES_PER_HOUR; i++) await ask(`more-${i}@example.com`).expect(200);
    const limited = await ask('one-more@example.com').expect(429);
    expect(limited.body.error).toBe(
      'Zu viele Anfragen zur Änderung der E-Mail-Adresse. Bitte versuchen Sie es in einer Stunde erneut.',
    );
    expect(await t.db('account_tokens').where({ email: 'one-more@example.com' })).toEqual([]);

    // Another account has its own budget.
    const other = await signedIn(t.app, await createAccount(t, 'editor', 'stayer'));
    await other
      .post('/api/auth/email')
      .send({ email: 'stayer@example.com', current_password: 'editor-password-1' })
      .expect(200);
  });
});
