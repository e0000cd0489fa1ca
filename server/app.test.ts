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
