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
