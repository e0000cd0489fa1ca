import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../support/e2e-env';
import { adminApi, createArticle, gotoHydrated, uniqueSlug } from './site-support';

/**
 * The Content-Security-Policy allows no 'unsafe-eval' and no inline script,
 * and no page breaks it: not the public pages, not /login, not the signed-in
 * admin. A violation shows as a `securitypolicyviolation` event in the page
 * and as a console error; both are collected.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation(text: string): void }).reportViolation;
      report(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

test.describe('Content-Security-Policy', () => {
  test('forbids eval and inline scripts', async ({ request }) => {
    const res = await request.get('/');
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
  });

  test('no public page, /login or the admin logs a violation', async ({ page }) => {
    const api = await adminApi();
    const article = await createArticle(api, { slug: uniqueSlug('csp') });
    const violations = await watchViolations(page);
    for (const path of ['/', '/news', '/contact', `/${article.slug}`, '/no-such-page']) {
      await gotoHydrated(page, path);
    }
    // The contact form validates with the shared zod schema: exercise it.
    await gotoHydrated(page, '/contact');
    await page.getByLabel(/name/i).first().fill('A');
    await page.getByLabel(/email/i).first().fill('not-an-address');
    await page.getByLabel(/email/i).first().blur();
    // The admin app (not a public page) runs its scripts at once.
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    await page.getByLabel(/username/i).fill(E2E.admin.username);
    await page.getByLabel(/^password$/i).fill(E2E.admin.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/admin');
    await page.waitForLoadState('networkidle');
    // Last, as it makes Portuguese the visitor's choice.
    await gotoHydrated(page, '/pt/news');
    expect(violations).toEqual([]);
  });
});
