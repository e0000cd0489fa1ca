import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import type { Article } from '#shared/news';
import { E2E } from '../../support/e2e-env';

/** A slug no other journey uses. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** An API context signed in as the e2e admin (state-changing calls carry our Origin). */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({
    baseURL: E2E.baseUrl,
    extraHTTPHeaders: { Origin: E2E.baseUrl },
  });
  const login = await api.post('/api/auth/login', { data: E2E.admin });
  expect(login.ok()).toBe(true);
  return api;
}

export async function createArticle(
  api: APIRequestContext,
  fields: Partial<Article> & { slug: string },
): Promise<Article> {
  const response = await api.post('/api/news', {
    data: {
      title: `Article ${fields.slug}`,
      excerpt: 'An excerpt written for the end-to-end journeys.',
      content: 'Body text.',
      category: 'robotics',
      published: true,
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Article }).data;
}

/** Collects console errors and React warnings of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Opens a page and waits until its scripts have loaded and hydrated it (no requests left in flight). */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}
