// The end of `npm run build:server`: runs the built server once, as production starts it
// (scripts/serve.sh), on a throwaway database with the demo articles, and asks it for the public
// pages of every kind. Node's compile cache (server/boot/compile-cache.ts) keeps the bytecode of
// the server and of the render bundle in dist/compile-cache, so every later start, the first one
// included, compiles next to nothing. It doubles as a smoke test of the bundle: a server that does
// not come up fails the build.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = ['/', '/news', '/news?page=2', '/contact', '/pt', '/de/news', '/no-such-page'];
const START_TIMEOUT_MS = 30_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function untilUp(base, child) {
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the built server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the built server did not answer /healthz in 30 s');
}

async function visit(base) {
  const list = await (await fetch(`${base}/api/news?per_page=1`)).json();
  const article = list.news?.[0]?.slug;
  for (const page of [...PAGES, ...(article ? [`/${article}`, `/de/${article}`] : [])]) {
    await (await fetch(base + page)).arrayBuffer();
  }
}

export async function warmCompileCache() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-warm-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Nothing of the machine's own settings: not its environment, nor the `.env` of the working
  // folder the server would read (a DATABASE_URL there must not get demo articles), nor its
  // NODE_OPTIONS or NODE_COMPILE_CACHE (the cache is made for the flags production starts node
  // with, in the build's own folder).
  const child = spawn('sh', [path.join(ROOT, 'scripts/serve.sh')], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await untilUp(base, child);
    await visit(base);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
