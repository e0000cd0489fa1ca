import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/project-root';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';

export const TEAM_ADMIN = { username: 'team-admin', password: 'team-admin-password-1' };
export const TEAM_MAIL_FROM = 'Forge Industrial <team@forge.example>';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitForHealth(url: string, child: ChildProcess, errors: () => string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server stopped: ${errors()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /healthz within a minute: ${errors()}`);
}

/**
 * The built server as production runs it (`scripts/serve.sh`), on its own
 * port and temp database, sending its e-mail to a real SMTP server held in
 * this process: for journeys that read the e-mails staff receive, without
 * turning e-mail on for the shared journeys' server. Its admin is
 * TEAM_ADMIN; `admin(args, stdin)` runs the admin CLI on its database.
 */
export async function startTeamServer(env: Record<string, string> = {}) {
  const smtp: TestSmtpServer = await startSmtpServer();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'team-e2e-'));
  let stderr = '';
  const child = spawn('sh', [path.join(PROJECT_ROOT, 'scripts/serve.sh')], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ADMIN_USERNAME: TEAM_ADMIN.username,
      ADMIN_PASSWORD: TEAM_ADMIN.password,
      SEED_DEMO: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: TEAM_MAIL_FROM,
      AUTO_REPLY: 'false',
      RATE_LIMIT_CONTACT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  try {
    await waitForHealth(url, child, () => stderr);
  } catch (error) {
    child.kill('SIGTERM');
    await smtp.close();
    throw error;
  }
  return {
    url,
    smtp,
    dataDir,
    /** Runs `npm run admin -- <args>` against this server's database. */
    admin(args: string[], stdin = '') {
      const result = spawnSync(
        process.execPath,
        [path.join(PROJECT_ROOT, 'dist/server/cli/admin.js'), ...args],
        {
          env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
          input: stdin,
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TeamServer = Awaited<ReturnType<typeof startTeamServer>>;
