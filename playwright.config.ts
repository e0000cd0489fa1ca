import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E } from './tests/support/e2e-env';

/**
 * Browser journeys in Debian's Chromium against the real server on a fresh
 * temp database. The language model is a local HTTP server speaking the
 * chat-completions protocol, so the real SDK runs.
 */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'site-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const fakeLlm = 'tests/support/fake-llm-server.ts';
const hasFakeLlm = existsSync(fakeLlm);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  projects: [
    // One real sign-in, saved for the journeys that need an admin but do not test signing in.
    { name: 'sign-in', testMatch: /sign-in\.setup\.ts$/ },
    { name: 'journeys', testIgnore: /lockout\.spec\.ts$/, dependencies: ['sign-in'] },
    // The sign-in flood fills the hashing queue, turning other sign-ins away meanwhile: it runs
    // last. (Run it alone with `npx playwright test tests/e2e/admin/lockout.spec.ts --no-deps`.)
    { name: 'lockout', testMatch: /lockout\.spec\.ts$/, dependencies: ['journeys'] },
  ],
  use: {
    baseURL: E2E.baseUrl,
    // Recording a trace of every journey (to keep the failed ones) made the run about a quarter
    // slower; CI's retry of a failed journey records one (locally: `--trace on`).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    ...(hasFakeLlm
      ? [
          {
            command: `node --import tsx ${fakeLlm} ${E2E.llmPort}`,
            url: `http://127.0.0.1:${E2E.llmPort}/health`,
            reuseExistingServer: false,
            timeout: 20_000,
          },
        ]
      : []),
    {
      command: 'sh scripts/serve.sh',
      url: `${E2E.baseUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(E2E.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_USERNAME: E2E.admin.username,
        ADMIN_PASSWORD: E2E.admin.password,
        SEED_DEMO: 'true',
        // Lets a journey create a non-admin account and check it is turned away.
        ALLOW_REGISTRATION: 'true',
        RATE_LIMIT_CONTACT: '0',
        RATE_LIMIT_LOGIN: '50',
        RATE_LIMIT_LOGIN_IP: '1000',
        RATE_LIMIT_REGISTER: '0',
        RATE_LIMIT_AI: '100',
        LOG_LEVEL: 'warn',
        ...(hasFakeLlm
          ? {
              OPENAI_BASE_URL: `http://127.0.0.1:${E2E.llmPort}/v1`,
              OPENAI_API_KEY: 'e2e-key',
              OPENAI_MODEL: 'fake-model',
            }
          : {}),
      },
    },
  ],
});
