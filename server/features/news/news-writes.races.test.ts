import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type TestApp } from '../../../tests/support/test-app';
import { STORES } from '../../../tests/support/stores';

/**
 * Saves sent at once from one version (decision 037): exactly one goes
 * through and the others are refused with 409, on SQLite (write
 * transactions take turns) and on PostgreSQL (the row is locked while the
 * version is checked), for articles and pages alike.
 */
describe.each(STORES)('saves sent at once from one version, on $name', ({ skip, openApp }) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    if (skip) return;
    t = await openApp();
    admin = await signedIn(t.app);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const ROUNDS = 4;
  const titles = ['Mine', 'Theirs', 'A third'];

  it.skipIf(skip)('let exactly one save of an article through, every round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const opened = (
        await admin
          .post('/api/news')
          .send({
            title: `Round ${round}`,
            excerpt: 'Excerpt',
            content: 'Body',
            category: 'robotics',
            slug: `race-article-${round}`,
            published: true,
          })
          .expect(201)
      ).body.data;
      const answers = await Promise.all(
        titles.map((title) =>
          admin.put(`/api/news/${opened.id}`).send({ title, updated_at: opened.updated_at }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      const winner = answers.find((a) => a.status === 200)!.body.data.title;
      const stored = await t.db('news').where({ id: opened.id }).first('title');
      expect(stored.title).toBe(winner);
    }
  });

  it.skipIf(skip)('let exactly one save of a page through, every round', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const opened = (
        await admin
          .post('/api/pages')
          .send({ title: `Page ${round}`, content: 'Body', slug: `race-page-${round}` })
          .expect(201)
      ).body.data;
      const answers = await Promise.all(
        titles.map((title) =>
          admin.put(`/api/pages/${opened.id}`).send({ title, updated_at: opened.updated_at }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    }
  });
});
