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
