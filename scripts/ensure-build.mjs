// `npm start` and `npm run bench`: build the web bundles when they are missing
// (a fresh clone) or older than their sources (after a `git pull`), and only them.
import { spawnSync } from 'node:child_process';
import { isWebBuildCurrent } from './web-build-stamp.mjs';

if (!isWebBuildCurrent()) {
  console.log('Building the web bundles (first start, or the sources changed)…');
  const result = spawnSync('npm', ['run', 'build:web'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
