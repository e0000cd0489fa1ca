import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';

/**
 * An old address of an article or page that is not public points only
 * staff who may see its draft there: articles for those who read them
 * (sales too), pages for those who write content.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let sales: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app);
  sales = await signedIn(t.app, await createAccount(t, 'sales'));
});
afterAll(() => t.destroy());

describe('the old address of a draft', () => {
  it('of a page sends a sales account nowhere (it may not see draft pages)', async () => {
    const page = (
      await admin
        .post('/api/pages')
        .send({ title: 'Careers', content: 'We hire.', slug: 'jobs', published: true })
        .expect(201)
    ).body.data;
    await admin.put(`/api/pages/${page.id}`).send({ slug: 'careers' }).expect(200);
    await admin.put(`/api/pages/${page.id}`).send({ published: false }).expect(200);

    await request(t.app).get('/jobs').expect(404);
    await sales.get('/careers').expect(404);
    await sales.get('/jobs').expect(404);
    const toDraft = await admin.get('/jobs').expect(301);
    expect(toDraft.headers.location).toBe('/careers');
  });

  it('of an article sends a sales account on (it reads draft articles)', async () => {
    const story = (
      await admin
        .post('/api/news')
        .send({
          title: 'Story',
          excerpt: 'E',
          content: 'C',
          category: 'robotics',
          slug: 'old-story',
          published: true,
        })
        .expect(201)
    ).body.data;
    await admin.put(`/api/news/${story.id}`).send({ slug: 'new-story' }).expect(200);
    await admin.put(`/api/news/${story.id}`).send({ published: false }).expect(200);

    await request(t.app).get('/old-story').expect(404);
    expect((await sales.get('/old-story').expect(301)).headers.location).toBe('/new-story');
    await sales.get('/new-story').expect(200);
  });
});
