import path from 'node:path';

/**
 * Fixed facts of the end-to-end environment, shared by the config and the
 * journeys. Ports can be moved (E2E_PORT, E2E_LLM_PORT) so two runs can share
 * a machine.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const llmPort = Number(process.env.E2E_LLM_PORT ?? 3199);

export const E2E = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  llmPort,
  admin: { username: 'e2e-admin', password: 'e2e-admin-password-123' },
} as const;

/**
 * The e2e admin's signed-in browser state (its session cookie), saved once a
 * run by the `sign-in` setup project (tests/e2e/sign-in.setup.ts) into the
 * run's data directory, for journeys that need an admin but do not test
 * signing in.
 */
export function adminStatePath(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dataDir, 'admin-state.json');
}
