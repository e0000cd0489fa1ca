/**
 * `npm run restore` against a running server (issue 30, item 5). The built
 * server takes enquiries from eight senders while a restore of an earlier
 * backup is tried again and again, as an operator who forgot to stop it
 * would. Every try must be refused (exit 1, nothing printed as done, the way
 * to stop the server named), the server must go on answering, and after a
 * restart every enquiry answered 201 meanwhile must still be there. Once the
 * server is stopped, the same restore goes through and brings the backup's
 * data back.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import knex from 'knex';
import { freePort, startServer, stop } from '../../bench/server-process';

type Check = (ok: boolean, what: string) => void;

const BACKUP_CLI = path.resolve('dist/server/cli/backup.js');
const TRIES = 10;
const SENDERS = 8;

/** The built backup CLI (`npm run backup` / `npm run restore`), without blocking the senders. */
function cli(args: string[], dataDir: string) {
  const child = spawn(process.execPath, [BACKUP_CLI, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (err += String(d)));
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.once('close', (code) => {
      clearTimeout(killer);
      resolve({ code, out: out.trim(), err: err.trim() });
    }),
  );
}

async function postEnquiry(port: number, message: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/contacts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Restore Test', email: 'restore@example.com', message }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function storedMessages(dataDir: string): Promise<string[]> {
  const db = knex({
    client: 'sqlite3',
    connection: { filename: path.join(dataDir, 'site.db') },
    useNullAsDefault: true,
  });
  try {
    return ((await db('contacts').select('message')) as { message: string }[]).map(
      (r) => r.message,
    );
  } finally {
    await db.destroy();
  }
}

export async function restoreWhileRunning(dataDir: string, check: Check): Promise<void> {
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', RATE_LIMIT_CONTACT: '0' };
  let port = await freePort();
  let server = await startServer(env, port);
  const acknowledged = new Set<string>();
  const statuses: Record<string, number> = {};
  const tries: { code: number | null; out: string; err: string }[] = [];
  let backupDir = '';
  try {
    check(
      (await postEnquiry(port, 'Stored before the backup')) === 201,
      'an enquiry is stored before the backup',
    );
    const backup = await cli(['--out', path.join(dataDir, 'backups')], dataDir);
    backupDir = /Backup written to (\S+)/.exec(backup.out)?.[1] ?? '';
    check(backup.code === 0 && backupDir !== '', 'a backup is taken while the server runs');

    let stopped = false;
    let sent = 0;
    const sender = async (n: number) => {
      while (!stopped && sent < 20_000) {
        const marker = `Sent during a restore s${n}-m${sent++}`;
        try {
          const status = await postEnquiry(port, marker);
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status === 201) acknowledged.add(marker);
        } catch {
          statuses.failed = (statuses.failed ?? 0) + 1;
        }
      }
    };
    const senders = Array.from({ length: SENDERS }, (_, n) => sender(n));
    for (let i = 0; i < TRIES; i++) {
      tries.push(await cli(['restore', backupDir], dataDir));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    stopped = true;
    await Promise.all(senders);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    await health.arrayBuffer();
    check(health.status === 200, '/healthz answers 200 after the tries');
  } finally {
    await stop(server);
  }

  const refused = tries.filter(
    (t) =>
      t.code === 1 &&
      t.out === '' &&
      t.err.includes(`A server is using ${dataDir}: stop it first`) &&
      t.err.includes('Nothing was changed.'),
  ).length;
  const summary = Object.entries(statuses)
    .map(([s, n]) => `${n}×${s}`)
    .join(', ');
  console.log(
    `  ${refused} of ${tries.length} restores refused; enquiries meanwhile: ${summary || 'none'}`,
  );
  check(
    refused === TRIES,
    `every restore under the running server is refused (${refused} of ${TRIES})`,
  );
  check(acknowledged.size > 0, 'enquiries were answered 201 during the tries');
  check(
    !Object.keys(statuses).some((s) => s === 'failed' || Number(s) >= 500),
    'no 5xx or dropped connection during the tries',
  );

  // Restarted on the same data: nothing answered 201 was taken away.
  port = await freePort();
  server = await startServer(env, port);
  await stop(server);
  const afterRestart = new Set(await storedMessages(dataDir));
  const lost = [...acknowledged].filter((m) => !afterRestart.has(m)).length;
  console.log(`  ${acknowledged.size} acknowledged during the tries, ${lost} lost after a restart`);
  check(lost === 0, `no enquiry answered 201 is lost (${lost} lost)`);

  // Stopped: the same restore goes through, and the backup's data is back.
  const restored = await cli(['restore', backupDir], dataDir);
  check(
    restored.code === 0 && restored.out.startsWith('Restored the backup of '),
    'the restore goes through once the server is stopped',
  );
  port = await freePort();
  server = await startServer(env, port);
  await stop(server);
  const messages = await storedMessages(dataDir);
  check(
    messages.length === 1 && messages[0] === 'Stored before the backup',
    `the restored site holds the backup's data (${messages.length} enquiries)`,
  );
}
