/**
 * A sign-in flood against a legitimate sign-in (issue 30, item 2), on the
 * real built server behind a trusted proxy (TRUST_PROXY, X-Forwarded-For
 * names the address). Six addresses send wrong passwords for made-up
 * usernames from eight clients each for 20 s, at the production hashing
 * cost; meanwhile the admin signs in from a seventh address again and again.
 * Every one of the admin's sign-ins must succeed (none answered "busy"), the
 * flood must be refused (429) without a 5xx, and its addresses must end up
 * stopped by their own limit (RATE_LIMIT_LOGIN_IP), before any hashing.
 */
import { spawn } from 'node:child_process';
import { freePort, startServer, stop } from '../../bench/server-process';

type Check = (ok: boolean, what: string) => void;

const FLOOD_MS = 20_000;
const ADDRESSES = 6;
const CLIENTS_PER_ADDRESS = 8;
const ADMIN = { username: 'stress-admin', password: 'stress-admin-password-1' };
const NETWORK_LIMIT =
  'Too many failed login attempts from your network. Please try again in an hour.';

/** The attackers, in a process of their own so the admin's timings are the server's. */
const FLOOD_SCRIPT = `
  const [base, addresses, clients, ms] = process.argv.slice(1);
  const until = Date.now() + Number(ms);
  const statuses = {};
  let sent = 0;
  let limited = 0;
  async function attacker(address, n) {
    for (let i = 0; Date.now() < until && i < 5000; i++) {
      sent++;
      try {
        const res = await fetch(base + '/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
          body: JSON.stringify({ username: 'made-up-' + n + '-' + i, password: 'not-a-password' }),
        });
        const body = await res.text();
        statuses[res.status] = (statuses[res.status] || 0) + 1;
        if (res.status === 429 && body.includes('from your network')) limited++;
      } catch { statuses.failed = (statuses.failed || 0) + 1; }
    }
  }
  const all = [];
  for (let a = 0; a < Number(addresses); a++)
    for (let n = 0; n < Number(clients); n++) all.push(attacker('198.51.100.' + (10 + a), n));
  Promise.all(all).then(() => console.log(JSON.stringify({ sent, statuses, limited })));`;

function flood(base: string) {
  const args = ['-e', FLOOD_SCRIPT, base, String(ADDRESSES), String(CLIENTS_PER_ADDRESS)];
  const child = spawn(process.execPath, [...args, String(FLOOD_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  return new Promise<{ sent: number; statuses: Record<string, number>; limited: number }>(
    (resolve, reject) =>
      child.once('exit', (code) =>
        code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`flood exited with ${code}`)),
      ),
  );
}

async function signIn(base: string, address: string) {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify(ADMIN),
  });
  const body = await res.text();
  return { status: res.status, ms: performance.now() - started, body };
}

export async function signInFlood(dataDir: string, check: Check): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    port,
  );
  try {
    const attack = flood(base);
    const until = Date.now() + FLOOD_MS - 1_000;
    const admin: { status: number; ms: number; body: string }[] = [];
    // The flood gets a head start, then the admin signs in from elsewhere, again and again.
    await new Promise((r) => setTimeout(r, 1_000));
    while (Date.now() < until) {
      admin.push(await signIn(base, '203.0.113.77'));
      await new Promise((r) => setTimeout(r, 500));
    }
    const { sent, statuses, limited } = await attack;
    // The flooding addresses are refused by their own limit now, the admin elsewhere is not.
    const after = await signIn(base, '198.51.100.10');
    const summary = Object.entries(statuses)
      .map(([s, n]) => `${n}×${s}`)
      .join(', ');
    const slowest = Math.max(...admin.map((a) => a.ms));
    console.log(`  flood: ${sent} sign-ins from ${ADDRESSES} addresses (${summary})`);
    console.log(
      `  the admin from a seventh address: ${admin.filter((a) => a.status === 200).length} of ${admin.length} signed in, slowest ${slowest.toFixed(0)} ms`,
    );
    const refused = admin.filter((a) => a.status !== 200);
    if (refused.length) console.log(`  refused: ${refused.map((a) => a.body).join(' | ')}`);
    check(
      admin.length > 0 && refused.length === 0,
      'every sign-in of the admin succeeds during the flood',
    );
    check((statuses['429'] ?? 0) > 0, 'the flood is answered 429');
    check(
      !Object.keys(statuses).some((s) => s === 'failed' || Number(s) >= 500),
      'no 5xx or dropped connection during the flood',
    );
    check(
      limited > 0 && after.status === 429 && after.body.includes(NETWORK_LIMIT.slice(0, 40)),
      'the flooding addresses end up stopped by their own limit',
    );
  } finally {
    await stop(server);
  }
}
