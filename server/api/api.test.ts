import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ALLOWED_ORIGINS: 'https://admin.example.com, app://admin' });
});
afterAll(() => t.destroy());

const validEnquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  message: 'A message long enough to pass.',
};

describe('the JSON API envelope', () => {
  it('answers unknown /api paths with 404 JSON, any method', async () => {
    for (const method of ['get', 'post', 'delete'] as const) {
      const res = await request(t.app)[method]('/api/does/not/exist').expect(404);
      expect(res.type).toBe('application/json');
      expect(res.body).toEqual({ error: 'API endpoint not found' });
    }
  });

  it('answers malformed JSON with 400 JSON and no stack', async () => {
    const res = await request(t.app)
      .post('/api/contacts')
      .set('Content-Type', 'application/json')
      .send('{"name": "Ana", ')
      .expect(400);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({ error: 'Malformed JSON in request body' });
    expect(res.text).not.toMatch(/at .*\.(js|ts)/);
  });

  it('answers a body over 100 kB with 413 JSON', async () => {
    const res = await request(t.app)
      .post('/api/contacts')
      .send({ ...validEnquiry, message: 'x'.repeat(101 * 1024) })
      .expect(413);
    expect(res.body).toEqual({ error: 'Request body is too large (limit 100 kB)' });
  });

  it('accepts a body just under the limit (and validates it)', async () => {
    const res = await request(t.app)
      .post('/api/contacts')
      .send({ ...validEnquiry, message: 'x'.repeat(90 * 1024) })
      .expect(400);
    expect(res.body.details).toEqual({ message: 'Message must be less than 1000 characters' });
  });

  it('sends security headers and no-store on API answers', async () => {
    const res = await request(t.app).get('/api/news').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain('img-src');
    // HSTS (SECURITY.md's checklist: "send HSTS (the app does)").
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('same-origin check on state-changing calls', () => {
  const post = (origin?: string, host = '127.0.0.1:3000') => {
    const req = request(t.app).post('/api/contacts').set('Host', host);
    if (origin) req.set('Origin', origin);
    return req.send(validEnquiry);
  };

  it('lets calls without Origin, from the own origin and from ALLOWED_ORIGINS through', async () => {
    await post().expect(201);
    await post('http://127.0.0.1:3000').expect(201);
    await post('https://admin.example.com').expect(201);
    await post('app://admin').expect(201);
  });

  it('rejects a foreign Origin with 403 JSON, before any work is done', async () => {
    const before = await t.db('contacts').count({ n: '*' }).first();
    const res = await post('https://evil.example').expect(403);
    expect(res.body).toEqual({ error: 'Request from this origin is not allowed' });
    await post('http://127.0.0.1:3001').expect(403);
    await post('null').expect(403);
    const after = await t.db('contacts').count({ n: '*' }).first();
    expect(after?.n).toEqual(before?.n);
  });

  it('guards login and admin writes too, but not reads', async () => {
    await request(t.app)
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ username: 'test-admin', password: 'admin-password-123' })
      .expect(403);
    const admin = await signedIn(t.app);
    await admin.delete('/api/news/1').set('Origin', 'https://evil.example').expect(403);
    await request(t.app).get('/api/news').set('Origin', 'https://evil.example').expect(200);
  });
});
