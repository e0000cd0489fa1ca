/**
 * `npm run test:stress`: attacks on the real built server, on 127.0.0.1, each
 * bounded in time and count. Exits 1 when a promise is broken.
 *
 * 1. Login flood: 20 clients post made-up usernames for 10 s while a reader
 *    times public reads: p95 of GET /api/news and /healthz stays under 100 ms.
 * 2. Crash safety: 20 rounds of a burst of enquiries cut short by SIGKILL;
 *    after each restart every enquiry answered 201 is stored exactly once and
 *    `PRAGMA integrity_check` says ok.
 * 3. A write lock held by another process for 10 s: reads and /healthz stay
 *    fast, a write answers 503 with Retry-After within the busy timeout.
 * 4. A write lock taken while the mail worker delivers (lock-during-delivery.ts).
 * 5. SIGTERM with requests already received (stop-with-requests.ts).
 * 6. Eight 10 MB image uploads at once, within SECURITY.md's memory (parallel-uploads.ts).
 * 7. A flood of addresses the page cache never keeps (cache-flood.ts).
 * 8. A sign-in flood from six addresses against the admin's own (sign-in-flood.ts).
 * 9. `npm run restore` against a running server taking enquiries (restore-while-running.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { freePort, startServer } from '../../bench/server-process';
import { holdWriteLock } from '../support/write-lock';
import { lockDuringDelivery } from './lock-during-delivery';
import { parallelUploads } from './parallel-uploads';
import { restoreWhileRunning } from './restore-while-running';
import { signInFlood } from './sign-in-flood';
import { stopWithRequests } from './stop-with-requests';
import { cacheFlood } from './cache-flood';

const P95_LIMIT_MS = 100;
const failures: string[] = [];

function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

async function timedGet(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

const stop = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/**
 * The attackers run in a process of their own, so the reader's timings are
 * the server's and not this process's event loop, busy with 20 clients.
 */
const FLOOD_SCRIPT = `
  const [base, clients, ms, kind] = process.argv.slice(1);
  const until = Date.now() + Number(ms);
  const statuses = {};
  let sent = 0;
  async function attacker(n) {
    while (Date.now() < until && sent < 20000) {
      sent++;
      try {
        const res = kind === 'control'
          ? await fetch(base + '/api/auth/logout', { method: 'POST' })
          : await fetch(base + '/api/auth/login', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ username: 'made-up-' + n + '-' + sent, password: 'not-a-password' }),
            });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] || 0) + 1;
      } catch { statuses.failed = (statuses.failed || 0) + 1; }
    }
  }
  Promise.all(Array.from({ length: Number(clients) }, (_, n) => attacker(n)))
    .then(() => console.log(JSON.stringify({ sent, statuses })));`;

function flood(base: string, clients: number, ms: number, kind: 'login' | 'control') {
  const args = ['-e', FLOOD_SCRIPT, base, String(clients), String(ms), kind];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  return new Promise<{ sent: number; statuses: Record<string, number> }>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`flood exited with ${code}`)),
    ),
  );
}

/** Times public reads (the news API and /healthz) while a flood of `kind` runs. */
async function readsDuring(base: string, kind: 'login' | 'control') {
  const attack = flood(base, 20, 10_000, kind);
  const until = Date.now() + 10_000;
  const reads: number[] = [];
  const health: number[] = [];
  // Two readers, back to back: enough samples for a p95 that means something.
  const reader = async () => {
    while (Date.now() < until) {
      reads.push((await timedGet(`${base}/api/news?page=1&per_page=6`)).ms);
      health.push((await timedGet(`${base}/healthz`)).ms);
    }
  };
  await Promise.all([reader(), reader()]);
  return { ...(await attack), reads: p95(reads), health: p95(health), count: reads.length };
}

/**
 * The login flood, with a control: the same 20 clients sending a request
 * that costs nothing (a sign-out without a session). On a quiet machine the
 * reads must stay under 100 ms p95; on a machine already saturated by other
 * work (the control itself is over 100 ms) the flood of sign-ins must cost
 * the readers no more than the control did, and the run says so.
 */
async function loginFlood(dataDir: string): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' }, port);
  try {
    const control = await readsDuring(base, 'control');
    console.log(
      `  control flood (sign-outs): ${control.sent} requests; reads p95 ${control.reads.toFixed(1)} ms, /healthz p95 ${control.health.toFixed(1)} ms`,
    );
    const login = await readsDuring(base, 'login');
    const summary = Object.entries(login.statuses)
      .map(([s, n]) => `${n}×${s}`)
      .join(', ');
    console.log(`  login flood: ${login.sent} logins (${summary}); ${login.count} reads`);
    console.log(
      `  GET /api/news p95 ${login.reads.toFixed(1)} ms, /healthz p95 ${login.health.toFixed(1)} ms`,
    );
    check((login.statuses['429'] ?? 0) > 0, 'the flood is answered 429');
    check(
      !Object.keys(login.statuses).some((s) => s === 'failed' || Number(s) >= 500),
      'no 5xx or dropped connection during the flood',
    );
    const saturated = Math.max(control.reads, control.health) >= P95_LIMIT_MS;
    if (!saturated) {
      check(login.reads < P95_LIMIT_MS, `public reads p95 < ${P95_LIMIT_MS} ms during the flood`);
      check(login.health < P95_LIMIT_MS, `/healthz p95 < ${P95_LIMIT_MS} ms during the flood`);
    } else {
      console.log(
        `  note: this machine is saturated by other work (control p95 over ${P95_LIMIT_MS} ms); ` +
          'judging the sign-in flood against the control instead',
      );
      const bound = (c: number) => c * 2 + 50;
      check(
        login.reads <= bound(control.reads) && login.health <= bound(control.health),
        'reads during the sign-in flood are no slower than during a flood of free requests',
      );
    }
  } finally {
    await stop(server);
  }
}

async function crashRounds(dataDir: string): Promise<void> {
  const acknowledged = new Set<string>();
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', RATE_LIMIT_CONTACT: '0' };
  for (let round = 1; round <= 20; round++) {
    const port = await freePort();
    const server = await startServer(env, port);
    let n = 0;
    let stopped = false;
    const send = async () => {
      while (!stopped && n < 2_000) {
        const marker = `r${round}-m${n++}`;
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/contacts`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              name: 'Stress Test',
              email: 'stress@example.com',
              message: `Crash-safety enquiry ${marker}`,
            }),
          });
          if (res.status === 201) acknowledged.add(marker);
          await res.arrayBuffer();
        } catch {
          // the server died mid-request: not acknowledged
        }
      }
    };
    const senders = Array.from({ length: 8 }, () => send());
    await new Promise((r) => setTimeout(r, 150 + ((round * 97) % 400)));
    await stop(server, 'SIGKILL');
    stopped = true;
    await Promise.all(senders);
  }
  // Start once more (recovery from the last kill), then compare with what was acknowledged.
  const port = await freePort();
  const server = await startServer(env, port);
  const db = knex({
    client: 'sqlite3',
    connection: { filename: path.join(dataDir, 'site.db') },
    useNullAsDefault: true,
  });
  try {
    const rows = (await db('contacts').select('message')) as { message: string }[];
    const counts = new Map<string, number>();
    for (const { message } of rows) {
      const marker = /enquiry (r\d+-m\d+)$/.exec(message)?.[1];
      if (marker) counts.set(marker, (counts.get(marker) ?? 0) + 1);
    }
    const lost = [...acknowledged].filter((m) => !counts.has(m));
    const duplicated = [...counts].filter(([, c]) => c > 1);
    console.log(
      `  ${acknowledged.size} enquiries acknowledged in 20 rounds; ${rows.length} stored`,
    );
    check(acknowledged.size > 0, 'enquiries were acknowledged before the kills');
    check(lost.length === 0, `no acknowledged enquiry lost (${lost.length} lost)`);
    check(duplicated.length === 0, `no enquiry stored twice (${duplicated.length} duplicated)`);
    const [integrity] = (await db.raw('PRAGMA integrity_check')) as { integrity_check: string }[];
    check(integrity?.integrity_check === 'ok', 'PRAGMA integrity_check is ok');
  } finally {
    await db.destroy();
    await stop(server);
  }
}

async function foreignWriteLock(dataDir: string): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    { DATA_DIR: dataDir, SEED_DEMO: 'true', RATE_LIMIT_CONTACT: '0' },
    port,
  );
  const lock = await holdWriteLock(path.join(dataDir, 'site.db'));
  try {
    const until = Date.now() + 10_000;
    const reads: number[] = [];
    const writes: { status: number; ms: number; retryAfter: string | null }[] = [];
    const reader = async () => {
      while (Date.now() < until) {
        reads.push((await timedGet(`${base}/api/news`)).ms);
        reads.push((await timedGet(`${base}/healthz`)).ms);
      }
    };
    const writer = async () => {
      while (Date.now() < until - 4_000) {
        const started = performance.now();
        const res = await fetch(`${base}/api/contacts`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: 'Lock Test',
            email: 'lock@example.com',
            message: 'Written while locked.',
          }),
        });
        await res.arrayBuffer();
        writes.push({
          status: res.status,
          ms: performance.now() - started,
          retryAfter: res.headers.get('retry-after'),
        });
      }
    };
    await Promise.all([reader(), writer()]);
    console.log(
      `  ${reads.length} reads, p95 ${p95(reads).toFixed(1)} ms; writes: ${writes.map((w) => `${w.status} in ${Math.round(w.ms)} ms`).join(', ')}`,
    );
    check(
      p95(reads) < P95_LIMIT_MS,
      `reads and /healthz p95 < ${P95_LIMIT_MS} ms while another process holds the write lock`,
    );
    check(
      writes.length > 0 &&
        writes.every((w) => w.status === 503 && w.retryAfter === '5' && w.ms < 4_500),
      'writes answer 503 with Retry-After: 5 within the busy timeout',
    );
  } finally {
    await stop(lock, 'SIGKILL');
  }
  try {
    const res = await fetch(`${base}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Lock Test',
        email: 'lock@example.com',
        message: 'Written after the lock.',
      }),
    });
    check(res.status === 201, 'writes work again once the lock is released');
  } finally {
    await stop(server);
  }
}

async function main(): Promise<void> {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-stress-'));
    dirs.push(dir);
    return dir;
  };
  // `npm run test:stress -- flood lock` runs only the named scenarios.
  const only = process.argv.slice(2);
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  try {
    if (wanted('flood')) {
      console.log('1. login flood');
      await loginFlood(fresh());
    }
    if (wanted('crash')) {
      console.log('2. SIGKILL during a burst of enquiries, 20 rounds');
      await crashRounds(fresh());
    }
    if (wanted('lock')) {
      console.log('3. a write lock held by another process');
      await foreignWriteLock(fresh());
    }
    if (wanted('delivery-lock')) {
      console.log('4. a write lock taken while the mail worker delivers');
      await lockDuringDelivery(fresh(), check);
    }
    if (wanted('stop')) {
      console.log('5. SIGTERM with requests already received');
      await stopWithRequests(fresh(), check);
    }
    if (wanted('uploads')) {
      console.log('6. eight 10 MB image uploads at once');
      await parallelUploads(fresh(), check);
    }
    if (wanted('cache')) {
      console.log('7. a flood of addresses the page cache never keeps');
      await cacheFlood(fresh(), check);
    }
    if (wanted('sign-in-flood')) {
      console.log('8. a sign-in flood against a legitimate sign-in');
      await signInFlood(fresh(), check);
    }
    if (wanted('restore')) {
      console.log('9. npm run restore against a running server');
      await restoreWhileRunning(fresh(), check);
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\n${failures.length} stress check(s) failed`);
    process.exit(1);
  }
  console.log('\nall stress checks passed');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
