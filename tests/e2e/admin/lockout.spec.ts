import { expect, test } from '@playwright/test';
import { fillLogin, toast, unique } from './support';

/**
 * The sign-in lockout, reached the way an attacker would: batches of wrong
 * passwords at the production hashing cost. The flood holds its address's
 * one place in the hashing queue and, beyond the few that wait behind it,
 * is answered "busy" (counted against the address); every journey signs in
 * from the same address (127.0.0.1), so this file runs in a project of its
 * own after every other journey (playwright.config.ts).
 */
test.describe('admin sign-in lockout', () => {
  test('shows the server message once failed sign-ins hit the rate limit (429)', async ({
    page,
  }) => {
    // Only this (unknown) name is locked: the limit counts per IP and username. Each refusal
    // costs a password hash at the production cost, so this journey takes a while.
    test.setTimeout(240_000);
    const username = unique('locked').replace(' ', '-');
    const message = 'Too many failed login attempts. Please try again in 15 minutes.';
    const statuses: number[] = [];
    let locked = false;
    // A 429 may also say the server is busy hashing (a full queue): only the lockout counts here.
    for (let round = 0; round < 15 && !locked; round++) {
      const batch = Array.from({ length: 10 }, () =>
        page.request.post('/api/auth/login', { data: { username, password: 'wrong-password' } }),
      );
      for (const response of await Promise.all(batch)) {
        statuses.push(response.status());
        if (response.status() === 429) locked ||= (await response.json()).error === message;
      }
    }
    expect(locked).toBe(true);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);

    await page.goto('/login');
    await fillLogin(page, username, 'wrong-password');
    await expect(toast(page, message)).toBeVisible();
    await expect(page.locator('#login-problem')).toHaveText(message);
    await expect(page).toHaveURL(/\/login$/);
  });
});
