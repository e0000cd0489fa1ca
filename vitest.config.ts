import { availableParallelism } from 'node:os';
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
    setupFiles: ['tests/support/i18n-setup.ts', 'tests/support/dom-setup.ts'],
    globalSetup: ['tests/support/vitest-global-setup.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: 'forks',
    // One worker more than there are cores (vitest's default, one fewer, ran a single worker on
    // 2 cores): many files wait on child processes, sockets and databases, so the cores stay
    // busy. On 2 cores the suite took 524 s with one worker, 289 s with two, 182 s with three.
    maxWorkers: availableParallelism() + 1,
  },
});
