import { expect, test as setup } from '@playwright/test';
import { adminStatePath, E2E } from '../support/e2e-env';

/**
 * Signs the e2e admin in once, through the real API at the production hashing
 * cost, and saves the session for the journeys that only need to be signed in
 * (`openDashboard`, `adminApi`). The journeys about signing in sign in
 * themselves.
 */
setup('sign in as the e2e admin', async ({ request }) => {
  const response = await request.post('/api/auth/login', {
    data: { username: E2E.admin.username, password: E2E.admin.password },
  });
  expect(response.ok()).toBe(true);
  expect((await request.get('/api/auth/profile')).ok()).toBe(true);
  await request.storageState({ path: adminStatePath() });
});
