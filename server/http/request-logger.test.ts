import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { startLlmTestApp } from '../../tests/support/llm-test-app';
import { createTestApp, signedIn } from '../../tests/support/test-app';
import { loggedUrl } from './request-log';

describe('the request log', () => {
  it('keeps share-link tokens out: a token opens a draft to whoever holds it', () => {
    expect(loggedUrl('/preview/AbC_d-123456789012345?lang=pt')).toBe('/preview/[token]?lang=pt');
    expect(loggedUrl('/api/previews/AbC_d-123456789012345')).toBe('/api/previews/[token]');
    expect(loggedUrl('/api/news/7/previews/3')).toBe('/api/news/7/previews/3');
    expect(loggedUrl('/news?page=2')).toBe('/news?page=2');
    expect(loggedUrl(undefined)).toBeUndefined();
    // However spelt, and every one of them.
    expect(loggedUrl('/PREVIEW/AbC_d-123456789012345')).toBe('/PREVIEW/[token]');
    expect(loggedUrl('/preview/AbC_d-123456789012345?next=/api/previews/ZZZZ_d-12345678901')).toBe(
      '/preview/[token]?next=/api/previews/[token]',
    );
    // Too short to be a token.
    expect(loggedUrl('/preview/AbC_d-12345')).toBe('/preview/AbC_d-12345');
  });

  it('keeps searches out: staff search enquiries by a name or an e-mail address', () => {
    expect(loggedUrl('/api/contacts?q=Ivan%20Petrov&page=1')).toBe(
      '/api/contacts?q=[search]&page=1',
    );
    expect(loggedUrl('/api/contacts?page=2&q=ivan@example.com')).toBe(
      '/api/contacts?page=2&q=[search]',
    );
    expect(loggedUrl('/api/contacts?q=a&q=b#x')).toBe('/api/contacts?q=[search]&q=[search]#x');
    // Another parameter that ends in q is not a search.
    expect(loggedUrl('/api/audit?faq=1')).toBe('/api/audit?faq=1');
  });

  it('logs a staff search without what was searched for', async () => {
    const t = await createTestApp({ LOG_LEVEL: 'info' });
    try {
      const admin = await signedIn(t.app);
      await admin.get('/api/contacts?q=Ivan%20Petrov&page=1').expect(200);
      const logs = await t.logs();
      expect(logs).toContain('/api/contacts?q=[search]&page=1');
      expect(logs).not.toContain('Petrov');
    } finally {
      await t.destroy();
    }
  });

  it('logs the requests of share links without their token', async () => {
    const t = await startLlmTestApp({});
    try {
      const token = 'Zq3xY8wVt6uS4rQ2pO0nMl';
      await t.anonymous.get(`/preview/${token}`).expect(404);
      await t.anonymous.get(`/api/previews/${token}`).expect(404);
      const logs = await t.logs();
      expect(logs).toContain('/preview/[token]');
      expect(logs).toContain('/api/previews/[token]');
      expect(logs).not.toContain(token);
    } finally {
      await t.close();
    }
  });

  it('logs a page served from the cache with the same request line as a rendered one', async () => {
    const t = await createTestApp({ LOG_LEVEL: 'info' });
    try {
      // The first request renders; the cache keeps the page once it is compressed.
      const ask = () =>
        request(t.app)
          .get('/news?page=1')
          .set('Host', 'site.test')
          .set('User-Agent', 'Reader "1" \\ x')
          .expect(200);
      const logged = async () =>
        (await t.logLines()).filter((line) => line.req?.url === '/news?page=1');
      await ask();
      for (let i = 0; i < 100 && !(await logged()).some((line) => line.cache); i++) await ask();
      const lines = await logged();
      const rendered = lines.find((line) => !line.cache);
      const cached = lines.find((line) => line.cache);
      expect(rendered).toBeDefined();
      expect(cached).toMatchObject({
        level: 30,
        service: 'site',
        msg: 'request completed',
        cache: 'hit',
        req: { method: 'GET', url: '/news?page=1', userAgent: 'Reader "1" \\ x' },
        res: { statusCode: 200 },
      });
      const { cache: _hit, ...rest } = cached!;
      expect(Object.keys(rest)).toEqual(Object.keys(rendered!));
      expect(Object.keys(cached!.req!)).toEqual(Object.keys(rendered!.req!));
      expect(cached!.req!.remoteAddress).toBe(rendered!.req!.remoteAddress);
      expect(typeof cached!.responseTime).toBe('number');
    } finally {
      await t.destroy();
    }
  });

  it('writes one line per answer, under the id the client was sent, and never the body', async () => {
    const t = await createTestApp({ LOG_LEVEL: 'info' });
    try {
      const sent = await request(t.app)
        .post('/api/contacts')
        .set('User-Agent', 'Form client')
        .send({
          name: 'Ana Lopes',
          email: 'ana.lopes@example.pt',
          message: 'Gostaríamos de saber mais sobre a inspeção visual.',
        })
        .expect(201);
      await request(t.app).get('/healthz').expect(200);
      const lines = (await t.logLines()).filter((line) => line.msg === 'request completed');
      const id = sent.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f]{16}$/);
      expect(lines).toEqual([
        expect.objectContaining({
          level: 30,
          reqId: id,
          req: {
            id,
            method: 'POST',
            url: '/api/contacts',
            remoteAddress: expect.any(String),
            userAgent: 'Form client',
          },
          res: { statusCode: 201 },
          responseTime: expect.any(Number),
        }),
      ]);
      // Load balancers ask for /healthz every few seconds: it has no line.
      const logs = await t.logs();
      expect(logs).not.toContain('/healthz');
      expect(logs).not.toContain('ana.lopes@example.pt');
      expect(logs).not.toContain('inspeção');
    } finally {
      await t.destroy();
    }
  });

  it('writes a failure as an error under the id its answer names', async () => {
    const t = await createTestApp({ LOG_LEVEL: 'info' });
    try {
      await t.db.schema.dropTable('contacts');
      const failed = await request(t.app)
        .post('/api/contacts')
        .send({ name: 'Ana', email: 'ana@example.pt', message: 'A message long enough.' })
        .expect(500);
      expect(failed.body.id).toBe(failed.headers['x-request-id']);
      const line = (await t.logLines()).find((l) => l.msg === 'request errored');
      expect(line).toMatchObject({
        level: 50,
        reqId: failed.body.id,
        res: { statusCode: 500 },
        err: { message: 'failed with status code 500' },
      });
    } finally {
      await t.destroy();
    }
  });
});
