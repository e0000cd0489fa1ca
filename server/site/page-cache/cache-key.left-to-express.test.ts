import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { publicTarget } from './cache-key';

/**
 * What the page cache leaves to Express never goes through its gate for
 * misses: none of it may be answered with a rendered page, or a flood of
 * such addresses would take the server's time from every cached page.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.destroy());

const HOST = 'www.forge.test';
const leftToExpress = (method: string, url: string) =>
  publicTarget({ method, url, headers: { host: HOST }, socket: {} as never }) === null;

describe('addresses the page cache leaves to Express', () => {
  it('in an upload’s folder: a plain 404 for whatever has no file, never a page', async () => {
    for (const url of [
      '/media/1/nope1',
      '/media/1/not-ours.html',
      '/media/1/0123456789abcdef-480w.webp',
      '/media/1/a/b',
      '/media/1/',
      '/media/123456789/photo.jpg?v=2',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        expect(leftToExpress(method, url), url).toBe(true);
        const res = await request(t.app)[method === 'GET' ? 'get' : 'head'](url).set('Host', HOST);
        expect([res.status, res.type], `${method} ${url}`).toEqual([404, 'text/plain']);
        if (method === 'GET') expect(res.text, url).toBe('Not found');
      }
    }
  });

  it('under /assets/: a plain 404 for a name the build did not write', async () => {
    for (const url of ['/assets/nope.js', '/assets/', '/assets/a/b/c', '/assets/nope.js.map']) {
      expect(leftToExpress('GET', url), url).toBe(true);
      const res = await request(t.app).get(url).set('Host', HOST);
      expect([res.status, res.type], url).toEqual([404, 'text/plain']);
    }
  });

  it('the API in any spelling: its JSON 404, never a page', async () => {
    for (const url of ['/API/nope', '/Api', '/aPi/news', '/API/news/categories', '/api/nope']) {
      expect(leftToExpress('GET', url), url).toBe(true);
      const res = await request(t.app).get(url).set('Host', HOST);
      expect([res.status, res.type], url).toEqual([404, 'application/json']);
      expect(res.body, url).toEqual({ error: 'API endpoint not found' });
    }
  });
});
