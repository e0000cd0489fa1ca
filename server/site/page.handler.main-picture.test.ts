import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';

/**
 * The picture under an article's or a page's title is the largest thing its
 * first screen shows (LCP): the server's HTML asks for it first, as the news
 * list does for its first cards.
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
      image_url: 'https://cdn.example/cell.jpg',
      published: true,
    })
    .expect(201);
  await admin
    .post('/api/pages')
    .send({
      title: 'Careers',
      content: 'Robotics engineer (Porto).',
      slug: 'careers',
      image_url: 'https://cdn.example/team.jpg',
      published: true,
    })
    .expect(201);
});
afterAll(() => t.destroy());

const get = (path: string) => request(t.app).get(path).set('Host', 'www.forge.test').expect(200);
/** The `<img>` of the address, as the page's HTML has it. */
const imageTag = (html: string, src: string) =>
  new RegExp(`<img [^>]*src="${src.replaceAll('.', '\\.')}"[^>]*>`).exec(html)?.[0];

describe('the main picture of an article or a page', () => {
  it.each([
    ['/welding-cells', 'https://cdn.example/cell.jpg'],
    ['/careers', 'https://cdn.example/team.jpg'],
  ])('on %s is fetched first and at once', async (path, src) => {
    const img = imageTag((await get(path)).text, src);
    expect(img).toBeDefined();
    expect(img).toMatch(/ fetchPriority="high"/i);
    expect(img).not.toMatch(/ loading="lazy"/);
  });
});
