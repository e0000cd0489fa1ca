import { spawnSync } from 'node:child_process';

/**
 * Some tests run what production runs (the built server and admin CLI, the
 * server-rendered pages): build what is missing or stale first, once per run.
 */
export default function setup(): void {
  const result = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The build failed; see above.');
}
