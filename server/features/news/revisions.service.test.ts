import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiffPart, Revision } from '#shared/revisions';
import { REVISIONS_KEPT } from '#shared/revisions';
import { testClock, type TestClock } from '../../../tests/support/clock';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../tests/support/test-app';
import { textDiff } from './revision-diff';
import { storedSourceHash } from './source-hash';

/** Every save keeps the text it replaced: revisions per language, with diffs, restore and pruning. */

let t: TestApp;
let clock: TestClock;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  clock = testClock('2026-06-01T10:00:00.000Z');
  t = await createTestApp({}, undefined, { clock });
  admin = await signedIn(t.app);
});
afterAll(() => t.destroy());

const article = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: 'Welding cell goes live',
  excerpt: 'The first cell runs in Porto.',
  content: 'Line one.\n\nThe cell welds brackets.',
  category: 'robotics',
  slug,
  published: true,
  ...extra,
});

/** The old and the new text a diff holds. */
const sides = (parts: DiffPart[]) => ({
  before: parts
    .filter((p) => !p.added)
    .map((p) => p.value)
    .join(''),
  after: parts
    .filter((p) => !p.removed)
    .map((p) => p.value)
    .join(''),
});

const revisions = async (id: number, language?: string): Promise<Revision[]> =>
  (
    await admin
      .get(`/api/news/${id}/revisions${language ? `?language=${language}` : ''}`)
      .expect(200)
  ).body.data;

describe('revisions', () => {
  let id: number;

  it('are kept for every save, per language, with who and when', async () => {
    const created = await admin
      .post('/api/news')
      .send(
        article('welding-cell', {
          translations: { pt: { title: 'Célula', excerpt: 'Resumo', content: 'Corpo' } },
        }),
      )
      .expect(201);
    id = created.body.data.id;
    clock.advance(60_000);
    await admin
      .put(`/api/news/${id}`)
      .send({ content: 'Line one.\n\nThe cell welds steel brackets.' })
      .expect(200);
    clock.advance(60_000);
    await admin.put(`/api/news/${id}`).send({ published: false }).expect(200);
    await admin.put(`/api/news/${id}`).send({ category: 'industry', published: true }).expect(200);

    const all = await revisions(id);
    expect(all.map((r) => [r.language, r.created_at])).toEqual([
      ['en', '2026-06-01T10:01:00.000Z'],
      ['pt', '2026-06-01T10:00:00.000Z'],
      ['en', '2026-06-01T10:00:00.000Z'],
    ]);
    expect(all[0]!.user).toMatchObject({ username: 'test-admin', id: expect.any(Number) });
    expect((await revisions(id, 'pt')).map((r) => r.title)).toEqual(['Célula']);
  });

  it('say what changed, word by word, as parts that read as both versions', async () => {
    const [latest, first] = await revisions(id, 'en');
    expect(latest!.changes.map((c) => c.field)).toEqual(['content']);
    const parts = latest!.changes[0]!.parts;
    expect(parts.filter((p) => p.added).map((p) => p.value.trim())).toEqual(['steel']);
    expect(parts.some((p) => p.removed)).toBe(false);
    expect(sides(parts)).toEqual({
      before: 'Line one.\n\nThe cell welds brackets.',
      after: 'Line one.\n\nThe cell welds steel brackets.',
    });
    // The first revision has nothing before it: every field it has, as added.
    expect(first!.changes.map((c) => c.field)).toEqual(['title', 'excerpt', 'content']);
    expect(first!.changes[0]!.parts).toEqual([
      { value: 'Welding cell goes live', added: true, removed: false },
    ]);
  });

  it('restore with one call: a new save of the old text, itself a revision', async () => {
    const [, first] = await revisions(id, 'en');
    clock.advance(60_000);
    const restored = await admin.post(`/api/news/${id}/revisions/${first!.id}/restore`).expect(200);
    expect(restored.body.data.content).toBe('Line one.\n\nThe cell welds brackets.');
    expect(restored.body.data.category).toBe('industry');
    const after = await revisions(id, 'en');
    expect(after).toHaveLength(3);
    expect(after[0]!.changes[0]!.parts.filter((p) => p.removed).map((p) => p.value.trim())).toEqual(
      ['steel'],
    );

    const [pt] = await revisions(id, 'pt');
    await admin
      .put(`/api/news/${id}`)
      .send({
        translations: {
          pt: {
            title: 'Célula nova',
            excerpt: 'Resumo',
            content: 'Corpo',
            image_alt: 'Uma célula',
          },
        },
      })
      .expect(200);
    const back = await admin.post(`/api/news/${id}/revisions/${pt!.id}/restore`).expect(200);
    expect(back.body.data.translations.pt).toMatchObject({ title: 'Célula', image_alt: null });
    expect((await revisions(id, 'pt')).map((r) => r.title)).toEqual([
      'Célula',
      'Célula nova',
      'Célula',
    ]);
  });

  it('keep the newest 50 per article and language', async () => {
    const { body } = await admin.post('/api/news').send(article('often-saved')).expect(201);
    for (let n = 1; n <= REVISIONS_KEPT + 5; n++) {
      await admin
        .put(`/api/news/${body.data.id}`)
        .send({ title: `Version ${n}` })
        .expect(200);
    }
    const kept = await revisions(body.data.id, 'en');
    expect(kept).toHaveLength(REVISIONS_KEPT);
    expect(kept[0]!.title).toBe(`Version ${REVISIONS_KEPT + 5}`);
    expect(kept.at(-1)!.title).toBe('Version 6');
  }, 60_000);

  it('start with the text as it was for articles written before revisions existed', async () => {
    const { body } = await admin.post('/api/news').send(article('legacy')).expect(201);
    await t.db('news_revisions').where({ news_id: body.data.id }).delete();
    await admin.put(`/api/news/${body.data.id}`).send({ title: 'Saved over' }).expect(200);
    const list = await revisions(body.data.id);
    expect(list.map((r) => [r.title, r.user?.username ?? null])).toEqual([
      ['Saved over', 'test-admin'],
      ['Welding cell goes live', null],
    ]);
  });

  it('answer 404 for another article’s revision, 400 for a bad language, and only to admins', async () => {
    const other = (await admin.post('/api/news').send(article('other')).expect(201)).body.data;
    const [mine] = await revisions(id);
    await admin.post(`/api/news/${other.id}/revisions/${mine!.id}/restore`).expect(404);
    await admin.get(`/api/news/${id}/revisions?language=fr`).expect(400);
    const reader = await signedIn(t.app, await createUser(t));
    await reader.get(`/api/news/${id}/revisions`).expect(403);
    await reader.post(`/api/news/${id}/revisions/${mine!.id}/restore`).expect(403);
  });
});

describe('a restored translation', () => {
  const pt = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    excerpt: 'Resumo',
    content: 'Corpo',
    ...extra,
  });
  const restore = async (id: number, revisionId: number) =>
    (await admin.post(`/api/news/${id}/revisions/${revisionId}/restore`).expect(200)).body.data;
  const revisionTitled = async (id: number, title: string) =>
    (await revisions(id, 'pt')).find((r) => r.title === title)!;

  it('comes back as a draft when the article no longer has it, unseen by visitors', async () => {
    const { id } = (
      await admin
        .post('/api/news')
        .send(
          article('removed-draft', {
            translations: { pt: pt('Rascunho por rever', { published: false }) },
          }),
        )
        .expect(201)
    ).body.data;
    await admin
      .put(`/api/news/${id}`)
      .send({ translations: { pt: null } })
      .expect(200);
    const draft = await revisionTitled(id, 'Rascunho por rever');

    const restored = await restore(id, draft.id);
    expect(restored.translations.pt).toMatchObject({
      title: 'Rascunho por rever',
      published: false,
    });
    const read = await request(t.app).get('/api/news/removed-draft?lang=pt').expect(200);
    expect(read.body.data.news).toMatchObject({ language: 'en', title: 'Welding cell goes live' });
  });

  it('comes back as a draft even when it was public before it was removed', async () => {
    const { id } = (
      await admin
        .post('/api/news')
        .send(article('removed-public', { translations: { pt: pt('Publicada') } }))
        .expect(201)
    ).body.data;
    await admin
      .put(`/api/news/${id}`)
      .send({ translations: { pt: null } })
      .expect(200);
    const restored = await restore(id, (await revisionTitled(id, 'Publicada')).id);
    expect(restored.translations.pt).toMatchObject({ title: 'Publicada', published: false });
  });

  it('keeps its own state when the article still has it', async () => {
    const { id } = (
      await admin
        .post('/api/news')
        .send(article('kept-state', { translations: { pt: pt('Primeira') } }))
        .expect(201)
    ).body.data;
    await admin
      .put(`/api/news/${id}`)
      .send({ translations: { pt: pt('Segunda') } })
      .expect(200);
    const restored = await restore(id, (await revisionTitled(id, 'Primeira')).id);
    expect(restored.translations.pt).toMatchObject({ title: 'Primeira', published: true });
  });

  it('keeps the source it was made from: outdated when that source has changed since', async () => {
    const { id } = (
      await admin
        .post('/api/news')
        .send(article('restored-outdated', { translations: { pt: pt('Feita da primeira') } }))
        .expect(201)
    ).body.data;
    const edited = (
      await admin.put(`/api/news/${id}`).send({ title: 'A new source title' }).expect(200)
    ).body.data;
    expect(edited.translations.pt.outdated).toBe(true);
    const updated = (
      await admin
        .put(`/api/news/${id}`)
        .send({ translations: { pt: pt('Feita da segunda') } })
        .expect(200)
    ).body.data;
    expect(updated.translations.pt.outdated).toBe(false);

    const old = await restore(id, (await revisionTitled(id, 'Feita da primeira')).id);
    expect(old.translations.pt).toMatchObject({ title: 'Feita da primeira', outdated: true });
    const listed = await admin.get('/api/news/admin?outdated=true&per_page=50').expect(200);
    expect(listed.body.data.map((a: { id: number }) => a.id)).toContain(id);

    // One made from the source as it reads now is current again when restored.
    const current = await restore(id, (await revisionTitled(id, 'Feita da segunda')).id);
    expect(current.translations.pt).toMatchObject({ title: 'Feita da segunda', outdated: false });
  });

  it('stays current when its text was marked current without a change, then restored', async () => {
    const { id } = (
      await admin
        .post('/api/news')
        .send(article('restored-confirmed', { translations: { pt: pt('Ainda certa') } }))
        .expect(201)
    ).body.data;
    const edited = (
      await admin.put(`/api/news/${id}`).send({ title: 'A reworded source title' }).expect(200)
    ).body.data;
    expect(edited.translations.pt.outdated).toBe(true);
    // Reviewed and still right: the same text, marked as made from the source as it reads now.
    const confirmed = (
      await admin
        .put(`/api/news/${id}`)
        .send({
          translations: { pt: pt('Ainda certa', { source_hash: storedSourceHash(edited) }) },
        })
        .expect(200)
    ).body.data;
    expect(confirmed.translations.pt.outdated).toBe(false);
    await admin
      .put(`/api/news/${id}`)
      .send({ translations: { pt: pt('Reescrita') } })
      .expect(200);

    const restored = await restore(id, (await revisionTitled(id, 'Ainda certa')).id);
    expect(restored.translations.pt).toMatchObject({ title: 'Ainda certa', outdated: false });
    // The confirmation is no text of its own: no revision between the two texts.
    expect((await revisions(id, 'pt')).map((r) => r.title)).toEqual([
      'Ainda certa',
      'Reescrita',
      'Ainda certa',
    ]);
  });

  it('counts as outdated when its revision is older than the record of its source', async () => {
    const { id } = (
      await admin
        .post('/api/news')
        .send(article('restored-unknown', { translations: { pt: pt('Antiga') } }))
        .expect(201)
    ).body.data;
    await admin
      .put(`/api/news/${id}`)
      .send({ translations: { pt: pt('Nova') } })
      .expect(200);
    // A revision saved before revisions kept the source a translation was made from.
    await t.db('news_revisions').where({ news_id: id }).update({ source_hash: null });
    const restored = await restore(id, (await revisionTitled(id, 'Antiga')).id);
    expect(restored.translations.pt).toMatchObject({ title: 'Antiga', outdated: true });
  });
});

describe('a text diff', () => {
  it('falls back to lines, then to a whole replacement, for rewrites too large to diff by word', () => {
    const words = (n: number, w: string) =>
      Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');
    const rewrite = textDiff(words(3000, 'a'), words(3000, 'b'));
    expect(sides(rewrite)).toEqual({ before: words(3000, 'a'), after: words(3000, 'b') });
    expect(rewrite.length).toBeLessThanOrEqual(2);
  });
});
