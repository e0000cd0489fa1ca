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
    // knex loads the TypeScript migrations with a plain import(): let Node read .ts through tsx.
    execArgv: ['--import', 'tsx'],
  },
});
