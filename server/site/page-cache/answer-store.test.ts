import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cachedSite } from '../../../tests/support/cached-site';
import { publicQuery, readsQuery } from '../../http/public-query';

describe('a render that a content write overtakes', () => {
  it('is sent to its visitor but never kept', async () => {
    const { cache, app, handler, version } = cachedSite();
    let renders = 0;
    app.get('/page', readsQuery(publicQuery()), (_req, res) => {
      renders += 1;
      // The write lands while this page is being rendered.
      if (renders === 1) version.changed('test');
      res.type('html').send(`<p>render ${renders}</p>`);
    });
    expect((await request(handler).get('/page')).text).toBe('<p>render 1</p>');
    await new Promise((r) => setTimeout(r, 100));
    expect((await request(handler).get('/page')).text).toBe('<p>render 2</p>');
    await new Promise((r) => setTimeout(r, 100));
    const third = await request(handler).get('/page');
    expect(third.text).toBe('<p>render 2</p>');
    expect(third.headers['x-cache']).toBe('HIT');
    expect(cache.stats().entries).toBe(1);
  });
});
