/**
 * A write lock taken by the `sqlite3` shell while the mail worker delivers
 * (issue 30, item 1). Each cycle posts an enquiry, takes `BEGIN IMMEDIATE`
 * on site.db within about 50 ms (while the worker claims, sends and marks
 * that enquiry's mail), posts another one while the lock is held past the
 * busy timeout, releases it, and posts two more, which must be stored. A
 * cycle whose later writes fail is a wedged server: counted, and the server
 * is restarted so the next cycle measures afresh. At the end every enquiry
 * answered 201 must be stored, and its staff alert must have reached the
 * SMTP server.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import knex from 'knex';
import { freePort, startServer } from '../../bench/server-process';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

type Check = (ok: boolean, what: string) => void;

const CYCLES = 12;
/** Longer than the server's busy timeout (3 s), so whatever waits for the lock fails. */
const HOLD_MS = 4_000;
const STAFF = 'staff@example.com';

/** The `sqlite3` shell, started ahead so taking the lock costs no process start. */
async function sqliteShell(file: string) {
  const shell = spawn('sqlite3', [file], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  shell.stdout!.on('data', (d) => (out += String(d)));
  const exited = new Promise((resolve) => shell.once('exit', resolve));
  shell.stdin!.on('error', () => undefined);
  const said = async (word: string) => {
    while (!out.includes(word)) {
      if (shell.exitCode !== null) throw new Error(`sqlite3 exited with ${shell.exitCode}`);
      await sleep(1);
    }
  };
  // A lock not taken within 5 s ends the shell (bail): the server held the lock all that time.
  shell.stdin!.write(".timeout 5000\n.bail on\nSELECT 'ready';\n");
  await said('ready');
  return {
    /** Resolves once the shell holds the write lock (`BEGIN IMMEDIATE`). */
    async lock() {
      shell.stdin!.write("BEGIN IMMEDIATE;\nSELECT 'locked';\n");
      await said('locked');
    },
    async release() {
      if (shell.exitCode === null) shell.stdin!.end('ROLLBACK;\n.quit\n');
      await exited;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(base: string, marker: string): Promise<number> {
  try {
    const res = await fetch(`${base}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Lock Cycle',
        email: `${marker}@example.com`,
        message: `Please quote two welding cells (lock cycle enquiry ${marker}).`,
      }),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function healthz(base: string): Promise<string> {
  try {
    return JSON.stringify((await (await fetch(`${base}/healthz`)).json()).database);
  } catch {
    return 'no answer';
  }
}

export async function lockDuringDelivery(dataDir: string, check: Check): Promise<void> {
  const smtp = await startSmtpServer();
  const env = {
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RATE_LIMIT_CONTACT: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    NOTIFY_EMAIL: STAFF,
  };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = await startServer(env, port);
  const acknowledged: string[] = [];
  let wedged = 0;
  let busyReported = 0;
  try {
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const marker = (step: string) => `c${cycle}${step}`;
      const shell = await sqliteShell(path.join(dataDir, 'site.db'));
      if ((await post(base, marker('a'))) === 201) acknowledged.push(marker('a'));
      // Within a few tens of ms of the answer: while the worker claims, sends and marks its mail.
      await sleep((cycle * 7) % 40);
      const locked = await shell.lock().then(
        () => true,
        () => false,
      );
      const during = post(base, marker('b'));
      if (locked) await sleep(HOLD_MS);
      await shell.release();
      if ((await during) === 201) acknowledged.push(marker('b'));
      // The worker tries the outbox again after its first back-off (5 s); the writes must not wait.
      const later = [await post(base, marker('c')), await post(base, marker('d'))];
      later.forEach((status, i) => status === 201 && acknowledged.push(marker('cd'[i]!)));
      if (locked && later.every((s) => s === 201)) continue;
      wedged += 1;
      const health = await healthz(base);
      if (health.includes('failing')) busyReported += 1;
      const what = locked ? `later writes ${later.join(', ')}` : 'the server held the lock for 5 s';
      console.log(`  cycle ${cycle}: wedged (${what}); /healthz ${health}`);
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      server = await startServer(env, port);
    }
    console.log(`  ${wedged} of ${CYCLES} cycles wedged the writes`);
    check(wedged === 0, `later writes succeed after every lock (${wedged} of ${CYCLES} wedged)`);
    if (wedged > 0) {
      check(busyReported === wedged, '/healthz reported every wedge as a write fault');
    }
    await checkStored(dataDir, acknowledged, check);
    await checkAlerts(smtp, acknowledged, check);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await smtp.close();
  }
}

async function checkStored(dataDir: string, acknowledged: string[], check: Check) {
  const db = knex({
    client: 'sqlite3',
    connection: { filename: path.join(dataDir, 'site.db') },
    useNullAsDefault: true,
  });
  try {
    const rows = (await db('contacts').select('message')) as { message: string }[];
    const stored = new Set(rows.map((r) => /enquiry (c\d+[a-d])\)/.exec(r.message)?.[1]));
    const lost = acknowledged.filter((m) => !stored.has(m));
    console.log(`  ${acknowledged.length} enquiries acknowledged, ${rows.length} stored`);
    check(lost.length === 0, `every acknowledged enquiry is stored (${lost.length} lost)`);
  } finally {
    await db.destroy();
  }
}

/** The worker looks at the outbox again within its back-off; every alert arrives in time. */
async function checkAlerts(smtp: TestSmtpServer, acknowledged: string[], check: Check) {
  const alerted = () =>
    new Set(
      smtp.received
        .filter((m) => m.envelope.to.includes(STAFF))
        .map((m) => /enquiry (c\d+[a-d])\)/.exec(m.text)?.[1]),
    );
  const until = Date.now() + 30_000;
  while (acknowledged.some((m) => !alerted().has(m)) && Date.now() < until) await sleep(200);
  const missing = acknowledged.filter((m) => !alerted().has(m));
  check(
    missing.length === 0,
    `every acknowledged enquiry's alert was sent (${missing.length} not)`,
  );
}
