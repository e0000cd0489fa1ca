import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';

/**
 * Every article and page ends with a call to action to the contact form in
 * its language, naming where the visitor came from (`?from=<slug>`, under
 * the page's language prefix). The contact page it leads to is the one
 * cached page for every `from`: the form reads the value in the browser.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedIn(t.app);
  await admin
    .post('/api/news')
    .send({
      title: 'Welding cells in practice',
      excerpt: 'How a cell welds a frame in four minutes.',
      content: 'The cell welds a frame in four minutes.',
      category: 'Automation',
      slug: 'welding-cells',
      published: true,
    })
    .expect(201);
  await admin
    .post('/api/pages')
    .send({
      title: 'Careers',
      content: 'Robotics engineer (Porto).',
      slug: 'careers',
      published: true,
    })
    .expect(201);
});
afterAll(() => t.destroy());

// One address for every request (supertest's own changes port each time, and the cache keys on it).
const get = (path: string) => request(t.app).get(path).set('Host', 'www.forge.test').expect(200);
/** The call to action's link, as the page's HTML has it. */
const ctaLink = (html: string) =>
  /<aside[^>]*data-testid="article-cta"[\s\S]*?<a[^>]*href="([^"]+)"/.exec(html)?.[1];

describe('the call to action of articles and pages', () => {
  it('leads to the contact form with the slug, in the page’s language', async () => {
    expect(ctaLink((await get('/welding-cells')).text)).toBe('/contact?from=welding-cells');
    expect(ctaLink((await get('/de/welding-cells')).text)).toBe('/de/contact?from=welding-cells');
    const portuguese = (await get('/pt/careers')).text;
    expect(ctaLink(portuguese)).toBe('/pt/contact?from=careers');
    expect(portuguese).toContain('Vamos falar sobre o seu projeto');
  });

  it('is not on the other pages', async () => {
    for (const path of ['/', '/news', '/contact', '/privacy']) {
      expect(ctaLink((await get(path)).text)).toBeUndefined();
    }
  });
});

describe('the contact page it leads to', () => {
  it('is the same page for every `from`, kept once by the page cache', async () => {
    const plain = await get('/pt/contact');
    for (let i = 0; i < 100; i++) {
      if ((await get('/pt/contact')).headers['x-cache'] === 'HIT') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const from = await get('/pt/contact?from=welding-cells');
    expect(from.headers['x-cache']).toBe('HIT');
    expect(from.text).toBe(plain.text);
    expect(plain.text).not.toContain('welding-cells');
  });
});
