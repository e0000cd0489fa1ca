import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';

describe('GET /healthz', () => {
  it('is 200 while the database answers and 503 once it does not', async () => {
    const t = await createTestApp();
    try {
      const ok = await request(t.app).get('/healthz').expect(200);
      expect(ok.body).toEqual({ status: 'ok', database: { read: 'ok', write: 'ok' } });
      await t.db.destroy();
      const down = await request(t.app).get('/healthz').expect(503);
      expect(down.body).toMatchObject({ status: 'unavailable' });
    } finally {
      await t.destroy();
    }
  });
});
