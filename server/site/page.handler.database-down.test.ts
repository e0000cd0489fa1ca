import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../tests/support/postgres';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

/**
 * Pages nobody has asked for yet (so the page cache holds nothing) while
 * PostgreSQL is gone: the site's own error page with 503 and Retry-After,
 * saying what to do in the page's language; never a 500, never a stack.
 */
describe.skipIf(!postgresAvailable)(
  postgresAvailable
    ? 'pages while PostgreSQL is down'
    : `pages while PostgreSQL is down (skipped: ${postgresUnavailable})`,
  () => {
    let pg: TestPostgres;
    let t: TestApp;

    beforeAll(async () => {
      // A cluster of its own: the test stops its server and starts it again.
      pg = (await startPostgres({ ownCluster: true }))!;
      t = await createTestApp({ DATABASE_URL: pg.url, SEED_DEMO: 'true', LOG_LEVEL: 'info' });
    }, 60_000);
    afterAll(async () => {
      await t?.destroy();
      await pg?.stop();
    });

    it('answer 503 with the error page in their language, and serve again once it is back', async () => {
      const slug = (await t.db('news').where({ published: true }).first('slug')).slug as string;
      pg.halt!();
      try {
        const pages: [string, string][] = [
          ['/', 'The database cannot be reached. Please try again in a few seconds.'],
          ['/news', 'The database cannot be reached. Please try again in a few seconds.'],
          ['/news?page=2', 'The database cannot be reached. Please try again in a few seconds.'],
          [`/${slug}`, 'The database cannot be reached. Please try again in a few seconds.'],
          ['/no-such-page', 'The database cannot be reached. Please try again in a few seconds.'],
          [
            '/pt/news',
            'Não é possível contactar a base de dados. Tente novamente dentro de alguns segundos.',
          ],
          [
            `/de/${slug}`,
            'Die Datenbank ist nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
          ],
        ];
        for (const [path, message] of pages) {
          const res = await request(t.app).get(path);
          expect([path, res.status]).toEqual([path, 503]);
          expect([path, res.headers['content-type']]).toEqual([path, 'text/html; charset=utf-8']);
          expect(res.headers['retry-after']).toBe('5');
          expect(res.headers['cache-control']).toBe('no-store');
          expect(res.text).toContain('<meta name="robots" content="noindex">');
          expect(res.text).toContain(message);
          expect(res.text).not.toMatch(/ECONNREFUSED|\bat\b.*:\d+:\d+/);
        }
        const failures = (await t.logLines()).filter((l) => l.msg === 'server rendering failed');
        expect(failures).toEqual([]);
      } finally {
        pg.resume!();
      }
      for (let i = 0; i < 150; i++) {
        if ((await request(t.app).get('/news')).status === 200) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await request(t.app).get(`/${slug}`).expect(200);
    }, 60_000);
  },
);
