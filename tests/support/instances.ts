import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './postgres';
import { SERVE_SCRIPT, TEST_ADMIN, tempDataDir } from './test-app';

/** A built server (`dist/server/index.js`) running as its own process on 127.0.0.1. */
export type Instance = {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once `/healthz` answers 200; rejects if it exits first or takes over 30 s. */
  ready: Promise<void>;
  /** SIGTERM (or the signal given), then its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** The environment every instance of a multi-instance test shares. */
export function instanceEnv(databaseUrl: string, extra: Record<string, string> = {}) {
  return {
    // Light password hashes (the only difference from production); the machine is shared.
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'several-instances-share-this-secret-0123456789',
    ...extra,
  };
}

/** Starts one instance on a free port (its own DATA_DIR; the data lives in DATABASE_URL). */
export async function spawnInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn('sh', [SERVE_SCRIPT], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: tempDataDir(),
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let gone = false;
  void exited.then(() => (gone = true));
  const ready = (async () => {
    const until = Date.now() + 30_000;
    while (!gone && Date.now() < until) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${gone ? 'exited' : 'no answer in 30 s'} before listening:\n${output}`);
  })();
  ready.catch(() => undefined);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    ready,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
