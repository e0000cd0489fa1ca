import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MiB, read from /proc (Linux). */
export function rssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** How long a server is left idle after a load before its memory is read. */
const REST_MS = 8_000;

/**
 * A server's resident memory right after a load and once it has rested
 * REST_MS: the server gives back what a burst left after five quiet
 * seconds (server/idle-collector.ts), so the rested figure is what it holds
 * once the load is over; the first shows the burst's garbage.
 */
export async function rssAfterLoad(pid: number): Promise<{ rightAfter: number; rested: number }> {
  const rightAfter = rssMiB(pid);
  await new Promise((r) => setTimeout(r, REST_MS));
  return { rightAfter, rested: rssMiB(pid) };
}

/**
 * Spawns a server under test in a session of its own (`setsid`), as nginx
 * puts itself when it starts and as systemd starts a service, and stops it
 * when the bench exits. Linux shares the CPU between sessions before the
 * processes in them (the scheduler's autogroups, on by default): a server
 * left in the bench's session shared one share with the load generator
 * (wrk, two busy threads) while the nginx it is compared with had one of
 * its own. Measured so, `GET /` through the documented proxy came to
 * 0.79x of the ceiling (6 rounds, then 0.82 for `/news`); in a session of
 * its own, 0.93 (and 0.92).
 */
export function spawnInOwnSession(
  command: string,
  args: string[],
  options: Omit<SpawnOptions, 'detached'>,
): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  const stopWithBench = () => child.kill('SIGTERM');
  process.once('exit', stopWithBench);
  child.once('exit', () => process.off('exit', stopWithBench));
  return child;
}

/**
 * Spawns the real built server as production starts it (`scripts/serve.sh`,
 * which execs node: the child *is* the server process, so its memory can be
 * read), on 127.0.0.1:`port`, its log discarded, in a session of its own.
 */
export function spawnServer(env: Record<string, string>, port: number): ChildProcess {
  return spawnInOwnSession('sh', ['scripts/serve.sh'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Starts the server (`spawnServer`, warnings only); resolves once `/healthz` answers. */
export async function startServer(
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  const child = spawnServer({ ...env, LOG_LEVEL: 'warn' }, port);
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('server did not answer /healthz within 60 s');
}

/** Stops a server (SIGTERM) and waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** Spawn to the first 200 of `/` on an existing database, in milliseconds. */
export async function coldStart(env: Record<string, string>, port: number) {
  const started = performance.now();
  const child = spawnServer(env, port);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      await res.arrayBuffer();
      if (res.status === 200) return { child, ms: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}
