import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cachedSite } from '../../../tests/support/cached-site';
import { publicQuery, readsQuery } from '../../http/public-query';

describe('an answer marked private', () => {
  it('is never kept, whatever its address (a share link read at any spelling)', async () => {
    const { cache, app, handler } = cachedSite();
    let renders = 0;
    // Declared like any public route: only `private` keeps it out.
    app.get('/{*any}', readsQuery(publicQuery()), (_req, res) => {
      renders += 1;
      res.set('Cache-Control', 'private, no-store').type('html').send(`<p>render ${renders}</p>`);
    });
    for (const path of ['/some-page', '/some-page', '/Some/Thing', '/Some/Thing']) {
      expect((await request(handler).get(path)).headers['x-cache']).toBeUndefined();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(renders).toBe(4);
    expect(cache.stats().entries).toBe(0);
  });
});
