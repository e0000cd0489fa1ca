// `npm start` on a fresh clone: build the web bundles once if they are missing.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const needed = ['dist/client/.vite/manifest.json', 'dist/ssr/entry-server.js'];
if (needed.some((file) => !existsSync(file))) {
  console.log('Building the web bundles (first start)…');
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
