import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-support';

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
});
