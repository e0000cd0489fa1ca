import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../tests/support/test-app';

describe('createApp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.destroy());

  it('compresses responses for clients that accept it', async () => {
    const res = await request(t.app).get('/api/news?per_page=6').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.data.news.length).toBeGreaterThan(0);
  });

  it('sends a page with its stylesheet inside, which the CSP allows by hash and only it', async () => {
    const res = await request(t.app).get('/').expect(200);
    const styles = [...res.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(styles[0]!.length).toBeGreaterThan(1000);
    expect(res.text).not.toMatch(/<link rel="stylesheet"/);
    const csp = res.headers['content-security-policy'] as string;
    const styleSrc = /style-src ([^;]*)/.exec(csp)![1]!.split(' ');
    const hash = createHash('sha256').update(styles[0]!).digest('base64');
    expect(styleSrc).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('sends small answers as they are', async () => {
    const res = await request(t.app).get('/healthz').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers JSON, without details, when the session store fails under an /api call', async () => {
    const own = await createTestApp();
    try {
      const login = await request(own.app).post('/api/auth/login').send(TEST_ADMIN).expect(200);
      const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
      await own.close(); // the session store (and database) are gone; the app still runs
      const res = await request(own.app).get('/api/auth/profile').set('Cookie', cookie);
      expect(res.status).toBe(500);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ error: expect.any(String), id: res.headers['x-request-id'] });
      expect(res.text).not.toMatch(/at .*\.ts|SQLITE/);
    } finally {
      await own.destroy().catch(() => undefined);
    }
  });
});
