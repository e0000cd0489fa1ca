import { spawnSync } from 'node:child_process';
import { startSharedCluster } from './postgres';

/**
 * Some tests run what production runs (the built server and admin CLI, the
 * server-rendered pages): build what is missing or stale first, once per run.
 * One PostgreSQL cluster serves the whole run (each test file makes its own
 * databases there); it is stopped when the run ends.
 */
export default async function setup(): Promise<() => void> {
  const result = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The build failed; see above.');
  const stopCluster = await startSharedCluster();
  return () => stopCluster?.();
}
