/** Fixed facts of the end-to-end environment, shared by the config and the journeys. */
export const E2E = {
  port: 3100,
  baseUrl: 'http://127.0.0.1:3100',
  llmPort: 3199,
  admin: { username: 'e2e-admin', password: 'e2e-admin-password-123' },
} as const;
