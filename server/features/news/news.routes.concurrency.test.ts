import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app);
});
afterAll(() => t.destroy());

const article = (name: string) => ({
  title: `Article ${name}`,
  excerpt: `Excerpt ${name}`,
  content: `## ${name}\n\nBody text.`,
  category: 'robotics',
  slug: `article-${name}`,
  image_url: '',
  published: true,
});

type Answer = { status: number; body: { error?: unknown } };
const outcome = ({ status, body }: Answer) =>
  status < 300 ? status : `${status} ${JSON.stringify(body.error)}`;

describe('concurrent saves of the newsroom', () => {
  it('answers every one of a burst of saves, creations and a restore (no 503 "database is busy")', async () => {
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c', 'd']) {
      ids.push((await admin.post('/api/news').send(article(name)).expect(201)).body.data.id);
    }
    // A first save gives article a a revision to go back to.
    await admin.put(`/api/news/${ids[0]}`).send({ title: 'Article a, first save' }).expect(200);
    const revisions = (await admin.get(`/api/news/${ids[0]}/revisions`).expect(200)).body.data;
    const original = revisions.find((r: { title: string }) => r.title === 'Article a');

    // Each save reads the article, then writes it and its revisions in one transaction.
    const saves = ids.flatMap((id, i) =>
      [1, 2, 3].map((n) => admin.put(`/api/news/${id}`).send({ title: `Article ${i} save ${n}` })),
    );
    const creations = [1, 2, 3, 4, 5, 6].map((n) =>
      admin.post('/api/news').send(article(`new-${n}`)),
    );
    const restore = admin.post(`/api/news/${ids[0]}/revisions/${original.id}/restore`);
    const answers = await Promise.all([...saves, ...creations, restore]);

    expect(answers.map(outcome)).toEqual([
      ...saves.map(() => 200),
      ...creations.map(() => 201),
      200,
    ]);
    expect((await admin.get('/api/news/admin').expect(200)).body.data).toHaveLength(10);
  });
});

describe('a save of a version someone else saved since', () => {
  it('is refused with 409, and the other save stays', async () => {
    const opened = (await admin.post('/api/news').send(article('stale')).expect(201)).body.data;
    // A colleague saves first, from the same version.
    await admin
      .put(`/api/news/${opened.id}`)
      .send({ title: 'Colleague title', updated_at: opened.updated_at })
      .expect(200);

    const late = await admin
      .put(`/api/news/${opened.id}`)
      .send({ content: 'My content', updated_at: opened.updated_at })
      .expect(409);
    expect(late.body.error).toBe(
      'Someone else saved this after you opened it, so your changes were not saved.',
    );
    expect(late.body.details).toEqual({ updated_at: expect.stringContaining('Save anyway') });

    const stored = (await admin.get(`/api/news/admin`).expect(200)).body.data.find(
      (a: { id: number }) => a.id === opened.id,
    );
    expect(stored).toMatchObject({ title: 'Colleague title', content: opened.content });
  });

  it('is made from the version last saved, and without a version (outside clients)', async () => {
    const opened = (await admin.post('/api/news').send(article('fresh')).expect(201)).body.data;
    const first = await admin
      .put(`/api/news/${opened.id}`)
      .send({ title: 'First', updated_at: opened.updated_at })
      .expect(200);
    await admin
      .put(`/api/news/${opened.id}`)
      .send({ title: 'Second', updated_at: first.body.data.updated_at })
      .expect(200);
    const anyway = await admin
      .put(`/api/news/${opened.id}`)
      .send({ title: 'Third, saved anyway' })
      .expect(200);
    expect(anyway.body.data.title).toBe('Third, saved anyway');
  });

  it('lets one of two saves sent at once from the same version through', async () => {
    const opened = (await admin.post('/api/news').send(article('race')).expect(201)).body.data;
    const answers = await Promise.all(
      ['Mine', 'Theirs', 'A third'].map((title) =>
        admin.put(`/api/news/${opened.id}`).send({ title, updated_at: opened.updated_at }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });

  it('counts a publication from the list as a save', async () => {
    const opened = (await admin.post('/api/news').send(article('toggled')).expect(201)).body.data;
    await admin.put(`/api/news/${opened.id}`).send({ published: false }).expect(200);
    await admin
      .put(`/api/news/${opened.id}`)
      .send({ title: 'Would publish it again', updated_at: opened.updated_at })
      .expect(409);
  });

  it('holds for pages, in the visitor’s language', async () => {
    const page = (
      await admin
        .post('/api/pages')
        .send({ title: 'About', content: 'Who we are.', slug: 'about-stale', published: true })
        .expect(201)
    ).body.data;
    await admin.put(`/api/pages/${page.id}`).send({ title: 'About us' }).expect(200);
    const late = await admin
      .put(`/api/pages/${page.id}?lang=de`)
      .send({ title: 'Über uns', updated_at: page.updated_at })
      .expect(409);
    expect(late.body.error).toMatch(/^Jemand anderes hat diesen Inhalt gespeichert/);
  });

  it('refuses a version that is not a time', async () => {
    const opened = (await admin.post('/api/news').send(article('badversion')).expect(201)).body
      .data;
    const bad = await admin
      .put(`/api/news/${opened.id}`)
      .send({ title: 'x', updated_at: 'yesterday' })
      .expect(400);
    expect(bad.body.details).toHaveProperty('updated_at');
  });
});
