import type { Response } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cachedSite } from '../../../tests/support/cached-site';
import { publicQuery, readsQuery } from '../../http/public-query';

describe('a burst of visitors after a write', () => {
  /** A cache in front of one slow page, counting how often it is rendered. */
  function slowSite(page: (res: Response) => void) {
    const { app, handler, version } = cachedSite();
    const counts = { renders: 0 };
    app.get('/page', readsQuery(publicQuery()), (_req, res) => {
      counts.renders += 1;
      if (counts.renders === 1) {
        // The first render of an address teaches the cache its declared query, before any burst.
        res.type('html').send('<p>first</p>');
        return;
      }
      setTimeout(() => page(res), 50);
    });
    /** The site after its first render, and the content write that empties its cache. */
    async function afterAWrite() {
      await request(handler).get('/page').expect(200);
      await new Promise((r) => setTimeout(r, 50));
      await version.changed('a write');
      counts.renders = 1;
    }
    return { handler, counts, afterAWrite };
  }

  it('renders a page once, however many ask for it while it is being made', async () => {
    const site = slowSite((res) => res.type('html').send('<p>the news</p>'));
    await site.afterAWrite();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => request(site.handler).get('/page')),
    );
    expect(site.counts.renders).toBe(2);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.map((a) => a.text)).toEqual(Array(12).fill('<p>the news</p>'));
    expect(answers.filter((a) => a.headers['x-cache'] === 'HIT')).toHaveLength(11);
  });

  it('lets the others render for themselves when the answer may not be kept', async () => {
    const site = slowSite((res) => {
      res.cookie('flash', 'only-for-you');
      res.type('html').send('<p>yours</p>');
    });
    await site.afterAWrite();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => request(site.handler).get('/page')),
    );
    expect(answers.map((a) => a.text)).toEqual(Array(4).fill('<p>yours</p>'));
    expect(answers.every((a) => a.headers['x-cache'] === undefined)).toBe(true);
    expect(site.counts.renders).toBe(5);
  });

  it('does not keep the others waiting when the first render never answers', async () => {
    const site = slowSite((res) => res.destroy());
    await site.afterAWrite();
    const first = request(site.handler)
      .get('/page')
      .then(
        () => 'answered',
        () => 'cut',
      );
    await new Promise((r) => setTimeout(r, 10));
    // The second visitor waits for the first render, then (nothing kept) gets one of its own.
    const second = request(site.handler)
      .get('/page')
      .then(
        () => 'answered',
        () => 'cut',
      );
    expect(await first).toBe('cut');
    expect(await second).toBe('cut');
    expect(site.counts.renders).toBe(3);
  });
});
