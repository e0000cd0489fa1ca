// `npm start`, `npm run admin` and `npm run bench`: build what is missing (a fresh clone) or older
// than its sources (after a `git pull`), and only that. On a production install whose build tools
// were pruned (`npm prune --omit=dev`), a stale build is an error with a way out, not a crash.
// `--check` (the systemd units' ExecStartPre, scripts/install.sh) never builds: a missing or stale
// build is that same error, so a service never serves code older than its checkout.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { BUILDS, isBuildCurrent } from './build-stamp.mjs';
import { nodeTooOld } from './node-version.mjs';
import { warmCompileCache } from './warm-compile-cache.mjs';

const tooOld = nodeTooOld();
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}

const require = createRequire(import.meta.url);
const canBuild = () => {
  try {
    require.resolve('vite/package.json');
    require.resolve('esbuild/package.json');
    return true;
  } catch {
    return false;
  }
};

const checkOnly = process.argv.includes('--check');
const rebuilt = new Set();
for (const [name, build] of Object.entries(BUILDS)) {
  if (isBuildCurrent(name)) continue;
  rebuilt.add(name);
  if (checkOnly || !canBuild()) {
    console.error(
      `The ${name} build in dist/ is missing or older than its sources` +
        (checkOnly ? '' : ', and the build tools are not installed (npm prune --omit=dev)') +
        '. Run `bash scripts/install.sh` (after a git pull too), then start again.',
    );
    process.exit(1);
  }
  // stderr, so a command's own output (the admin CLI's) stays clean.
  console.error(`Building the ${name} bundle (first start, or its sources changed)…`);
  const result = spawnSync('npm', ['run', build.script], {
    stdio: ['ignore', process.stderr, 'inherit'],
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The server's build fills the compile cache for both bundles; a new render bundle alone needs its own.
if (rebuilt.has('web') && !rebuilt.has('server')) await warmCompileCache();
