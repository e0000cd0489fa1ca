import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: [
      '{server,shared,web,electron,migrations,scripts}/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    setupFiles: ['tests/support/i18n-setup.ts'],
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: 'forks',
    // One worker per core (vitest's default leaves one core idle: a single worker on 2 cores).
    // Most files wait on child processes, sockets and databases, so the cores stay busy.
    maxWorkers: '100%',
  },
});
