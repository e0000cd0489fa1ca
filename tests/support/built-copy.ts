import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/project-root';

/** The built server, run from a copy of the build that a test may change under it. */
export type BuiltCopy = {
  /** The copy's project folder: its `dist/client` is the server's. */
  root: string;
  /** GET on the running server. */
  get(url: string, acceptEncoding?: string): Promise<Response>;
  /** Everything it printed so far. */
  output(): string;
  exited(): boolean;
  /** Stops it and deletes the copy. */
  destroy(): void;
};

/**
 * Copies the build (dist/server, dist/ssr, dist/client; node_modules
 * linked) into a new folder and starts its server in production, as an
 * upgrade finds it: a test may then rebuild or remove built files under it.
 */
export async function startBuiltCopy(): Promise<BuiltCopy> {
  const root = mkdtempSync(path.join(tmpdir(), 'built-copy-'));
  cpSync(path.join(PROJECT_ROOT, 'package.json'), path.join(root, 'package.json'));
  symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  for (const part of ['server', 'ssr', 'client']) {
    cpSync(path.join(PROJECT_ROOT, 'dist', part), path.join(root, 'dist', part), {
      recursive: true,
      // Source maps only matter to a developer's tools.
      filter: (file) => part === 'client' || !file.endsWith('.map'),
    });
  }
  const child = spawn(process.execPath, [path.join(root, 'dist/server/index.js')], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: path.join(root, 'data'),
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  child.once('exit', () => (exited = true));
  const destroy = () => {
    child.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  };
  const until = Date.now() + 30_000;
  while (!/"port":(\d+)/.test(output)) {
    if (exited || Date.now() > until) {
      destroy();
      throw new Error(`the built server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const port = Number(/"port":(\d+)/.exec(output)![1]);
  return {
    root,
    get: (url, acceptEncoding = 'br, gzip') =>
      fetch(`http://127.0.0.1:${port}${url}`, { headers: { 'Accept-Encoding': acceptEncoding } }),
    output: () => output,
    exited: () => exited,
    destroy,
  };
}
