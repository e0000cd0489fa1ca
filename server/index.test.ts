import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import knex from 'knex';
import { afterEach, describe, expect, it } from 'vitest';
import { pause } from '../tests/support/pause';
import { idleConnection, mixedRequest, rawExchange } from '../tests/support/raw-http';
import { startSmtpServer } from '../tests/support/smtp-server';
import { BUILT_SERVER, tempDataDir } from '../tests/support/test-app';

type Run = { code: number | null; stdout: string; stderr: string };

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  // A test that failed or timed out before stopping its server leaves it running: stop it here.
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the built server on a new DATA_DIR, after `prepare` has put what it needs there. */
function startServer(env: Record<string, string>, prepare?: (dataDir: string) => void) {
  const dir = tempDataDir();
  dirs.push(dir);
  prepare?.(dir);
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dir,
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const run: Run = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (run.stdout += String(d)));
  child.stderr.on('data', (d) => (run.stderr += String(d)));
  const exited = new Promise<Run>((resolve) =>
    child.on('exit', (code) => resolve({ ...run, code })),
  );
  return { child, run, exited };
}

async function waitFor<T>(probe: () => T | undefined, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('server/index.ts', () => {
  it.each([
    ['PORT', 'abc'],
    ['RATE_LIMIT_LOGIN', '0'],
    ['SEED_DEMO', 'maybe'],
    ['ADMIN_PASSWORD', 'too-short'],
    ['PUBLIC_URL', 'https://www.example.com/site'],
  ])('stops with one line and exit code 1 when %s=%s', async (name, value) => {
    const { exited } = startServer({ PORT: '0', [name]: value });
    const result = await exited;
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(result.stderr).not.toMatch(/\bat\b.*:\d+:\d+/);
  });

  it.each([
    [{ SMTP_URL: 'smtp://127.0.0.1:2525' }, 'MAIL_FROM is required when SMTP_URL is set'],
    [{ MAIL_FROM: 'hello@example.com' }, 'SMTP_URL is required when MAIL_FROM is set'],
    [
      { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Forge <hello>' },
      'MAIL_FROM must be an e-mail address such as Forge Industrial <hello@example.com>',
    ],
    [{ NOTIFY_EMAIL: 'sales@example.com' }, 'SMTP_URL is required when NOTIFY_EMAIL is set'],
  ])('stops with one line for half-set or bad e-mail settings: %j', async (env, message) => {
    const result = await startServer({ PORT: '0', ...env }).exited;
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`Invalid configuration: ${message}`);
  });

  it('sends enquiry e-mail from its background worker, warns without PUBLIC_URL, logs no address', async () => {
    const smtp = await startSmtpServer();
    try {
      const { child, run, exited } = startServer({
        PORT: '0',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Forge Industrial <hello@forge.example>',
        NOTIFY_EMAIL: 'sales@forge.example',
        ENQUIRY_RETENTION_DAYS: '30',
      });
      const port = await waitFor(() => /"port":(\d+)/.exec(run.stdout)?.[1]);
      expect(run.stdout).toMatch(/SMTP_URL is set without PUBLIC_URL/);
      const res = await fetch(`http://127.0.0.1:${port}/api/contacts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Ana Silva',
          email: 'ana@example.pt',
          message: 'Gostaríamos de um orçamento.',
          language: 'pt',
        }),
      });
      expect(res.status).toBe(201);
      const mails = await smtp.waitFor(2);
      expect(mails.map((m) => m.envelope.to[0]).sort()).toEqual([
        'ana@example.pt',
        'sales@forge.example',
      ]);
      await waitFor(() =>
        run.stdout.match(/"msg":"e-mail sent"/g)?.length === 2 ? true : undefined,
      );
      child.kill('SIGTERM');
      const result = await exited;
      expect(result.code).toBe(0);
      expect(result.stdout).not.toMatch(/ana@example\.pt|secret-pass-123/);
    } finally {
      await smtp.close();
    }
  });

  it('removes at its start the files of uploads an earlier run was receiving when it stopped', async () => {
    let uploads = '';
    const { child, run, exited } = startServer({ PORT: '0', LOG_LEVEL: 'info' }, (dir) => {
      uploads = path.join(dir, 'uploads');
      mkdirSync(uploads);
      const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      for (const name of [
        '4242-0123456789abcdef.upload',
        '4242-0123456789abcdef.upload.stripped.upload',
      ]) {
        writeFileSync(path.join(uploads, name), Buffer.alloc(4096));
        utimesSync(path.join(uploads, name), longAgo, longAgo);
      }
      // Another instance sharing DATA_DIR receiving one now.
      writeFileSync(path.join(uploads, '5151-0123456789abcdef.upload'), Buffer.alloc(4096));
    });
    await waitFor(() => /"port":(\d+)/.exec(run.stdout)?.[1]);
    expect(readdirSync(uploads)).toEqual(['5151-0123456789abcdef.upload']);
    expect(run.stdout).toMatch(/"files":2,.*unfinished uploads of an earlier run removed/);
    child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
  });

  it(
    'starts, serves, and on SIGTERM finishes an in-flight request, then exits 0',
    { timeout: 45_000 },
    async () => {
      const { child, run, exited } = startServer({
        PORT: '0',
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
      });
      const port = await waitFor(() => /"port":(\d+)/.exec(run.stdout)?.[1]);
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // Both forms: `npm run admin` on a production install ignores the site's settings.
      expect(run.stdout).toContain(
        "No admin account yet. Create one with `node --env-file=<the site's environment file> " +
          'dist/server/cli/admin.js create <username>` on a production install (in its folder), ' +
          '`npm run admin -- create <username>` in a checkout',
      );
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: 'sid=cookie-secret-123' },
        body: JSON.stringify({ username: 'nobody', password: 'password-secret-456' }),
      });
      expect(login.status).toBe(401);

      // A request whose body is still arriving when SIGTERM comes must be answered.
      const body = JSON.stringify({ name: 'Ana', email: 'a@b.pt', message: 'Still arriving...' });
      const answered = new Promise<number>((resolve, reject) => {
        const req = request(`${base}/api/contacts`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
        });
        req.on('response', (res) => resolve(res.statusCode ?? 0));
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          child.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 500);
        }, 200);
      });
      expect(await answered).toBe(201);
      const result = await exited;
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/"msg":"stopped"/);
      expect(result.stdout).toMatch(/"url":"\/api\/auth\/login","remoteAddress"/);
      // An expected 401 (a failed sign-in, the admin's profile check before sign-in) is routine: info.
      const loginLine = result.stdout.split('\n').find((l) => l.includes('"/api/auth/login"'));
      expect(JSON.parse(loginLine!)).toMatchObject({ level: 30, res: { statusCode: 401 } });
      expect(result.stdout).not.toMatch(/password-secret-456|cookie-secret-123/);
    },
  );

  it('on SIGTERM closes a kept-alive connection the socket lane holds at once, and exits', async () => {
    const { child, run, exited } = startServer({ PORT: '0', SEED_DEMO: 'false' });
    const port = Number(await waitFor(() => /"port":(\d+)/.exec(run.stdout)?.[1]));
    // The first request renders the page; a later one on a new connection is a lane hit.
    let socket: Socket | undefined;
    let received = '';
    await waitFor(() => {
      if (received.includes('X-Cache: HIT')) return true;
      socket?.destroy();
      received = '';
      socket = connect(port, '127.0.0.1', () =>
        socket!.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
      );
      socket.on('data', (d) => (received += d.toString('latin1')));
      socket.on('error', () => undefined);
      return undefined;
    });
    const closed = new Promise<void>((resolve) => socket!.once('close', () => resolve()));
    const signalled = Date.now();
    child.kill('SIGTERM');
    await closed;
    const result = await exited;
    expect(result.code).toBe(0);
    // At once: not when the lane's own keep-alive timer (5 s) or the 10 s grace would cut it.
    expect(Date.now() - signalled).toBeLessThan(2_500);
  });

  it('on SIGTERM answers every request it had received, those still waiting to be accepted too', async () => {
    const { child, run, exited } = startServer({
      PORT: '0',
      SEED_DEMO: 'true',
      RATE_LIMIT_CONTACT: '0',
    });
    const port = Number(await waitFor(() => /"port":(\d+)/.exec(run.stdout)?.[1]));
    await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer();
    const idle = await idleConnection(port);
    // Paused, the server reads nothing: each request waits in the kernel, its connection
    // in the listen backlog, when the signal comes. Before, 30 of 30 were reset.
    await pause(child);
    const exchanges = Array.from({ length: 30 }, (_, i) =>
      rawExchange(port, mixedRequest(port, i, 'paused')),
    );
    await Promise.all(exchanges.map((e) => e.sent));
    child.kill('SIGTERM');
    child.kill('SIGCONT');
    const outcomes = await Promise.all(exchanges.map((e) => e.outcome));
    expect(outcomes.map((o) => (o.reset ? 'reset' : o.status))).toEqual(
      outcomes.map((_, i) => (i % 3 === 0 ? 201 : 200)),
    );
    for (const o of outcomes) expect(o.head).toMatch(/\r\nConnection: close\r\n/i);
    await idle.closed;
    expect((await exited).code).toBe(0);
    const db = knex({
      client: 'sqlite3',
      connection: { filename: path.join(dirs.at(-1)!, 'site.db') },
      useNullAsDefault: true,
    });
    try {
      const stored = await db('contacts').where('message', 'like', 'Sent before the stop%');
      expect(stored).toHaveLength(10);
    } finally {
      await db.destroy();
    }
  });

  it('on SIGINT stops and closes both SQLite files cleanly (WAL checkpointed and removed)', async () => {
    const { child, run, exited } = startServer({ PORT: '0', SEED_DEMO: 'true' });
    const port = await waitFor(() => /"port":(\d+)/.exec(run.stdout)?.[1]);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/news`)).status).toBe(200);
    const dir = dirs.at(-1)!;
    // While running, SQLite keeps write-ahead logs beside both databases.
    expect(existsSync(path.join(dir, 'site.db-wal'))).toBe(true);
    child.kill('SIGINT');
    const result = await exited;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/"signal":"SIGINT"/);
    // The last connection to close checkpoints the log and deletes it: proof the stores were closed.
    expect(existsSync(path.join(dir, 'site.db-wal'))).toBe(false);
    expect(existsSync(path.join(dir, 'sessions.db-wal'))).toBe(false);
  });
});
