import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../server/project-root';
import { tempDataDir } from '../tests/support/test-app';

const SERVE = path.join(PROJECT_ROOT, 'scripts/serve.sh');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the launcher on a free port; resolves with its process once the server listens. */
async function launch(env: Record<string, string> = {}) {
  const dataDir = tempDataDir();
  dirs.push(dataDir);
  const child = spawn('sh', [SERVE], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const until = Date.now() + 20_000;
  while (!/"port":(\d+)/.test(stdout)) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`no start: ${stdout}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const port = Number(/"port":(\d+)/.exec(stdout)![1]);
  return { child, port, exited, stderr: () => stderr };
}

/** The environment and arguments of a running process, from /proc. */
function processOf(pid: number) {
  const read = (file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0');
  return { env: read('environ'), argv: read('cmdline') };
}

describe('scripts/serve.sh, the production launch', () => {
  it('becomes the server itself, with the memory settings, and stops cleanly on SIGTERM', async () => {
    const { child, port, exited } = await launch();
    const { env, argv } = processOf(child.pid!);
    // exec: the PID the caller holds is node's, not a shell's.
    expect(path.basename(argv[0]!)).toMatch(/^node/);
    expect(argv).toContain('--max-semi-space-size=4');
    expect(argv).toContain('--heap-growing-percent=50');
    expect(argv).toContain('--expose-gc');
    expect(env).toContain('MALLOC_ARENA_MAX=2');
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('starts both bundles from the compile cache the build filled', async () => {
    // Node tells what its compile cache does on stderr when asked.
    const { child, port, exited, stderr } = await launch({ NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    // The render bundle loads with the first page.
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    child.kill('SIGTERM');
    await exited;
    const read = (bundle: string) =>
      new RegExp(`reading cache from \\S*compile-cache\\S* for CommonJS \\S*${bundle}.*success`);
    expect(stderr()).toMatch(read('dist/server/server\\.cjs'));
    expect(stderr()).toMatch(read('dist/ssr/entry-server\\.cjs'));
  });

  it.each(['dist/server/server.cjs', 'dist/ssr/entry-server.cjs'])(
    '%s is ASCII only, so V8 keeps it as a one-byte string',
    (file) => {
      expect(readFileSync(path.join(PROJECT_ROOT, file)).every((byte) => byte < 0x80)).toBe(true);
    },
  );

  it("keeps an operator's own values", async () => {
    const { child, exited } = await launch({ MALLOC_ARENA_MAX: '4' });
    expect(processOf(child.pid!).env).toContain('MALLOC_ARENA_MAX=4');
    child.kill('SIGTERM');
    await exited;
  });
});
