import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminArticle } from '#shared/news';
import type { AdminPage } from '#shared/pages';
import { newsServicesOn } from '../../../../../tests/support/stores';
import { createTestDb } from '../../../../../tests/support/test-app';
import { draftFromArticle, draftFromPage, type ArticleDraft } from './article-draft';
import { colleagueChanges } from './colleague-changes';
import { checkDraft } from './draft-payload';
import { changesOnly } from './overwrite';
import { publicationFields } from './schedule';

/**
 * Two editors of one article or page, on a real SQLite store: one has the
 * form open while the other unpublishes it and a language; the first then
 * saves her own change anyway (the form's payloads, as the server saves them).
 */
describe('"Save anyway" over a colleague', () => {
  let t: Awaited<ReturnType<typeof createTestDb>>;
  let services: ReturnType<typeof newsServicesOn>;
  let tick = Date.parse('2026-03-02T09:00:00.000Z');
  beforeAll(async () => {
    t = await createTestDb();
    // Every save a second later: each has its own version.
    services = newsServicesOn(t, { clock: () => new Date((tick += 1000)) });
  });
  afterAll(() => t.destroy());

  const english = { title: 'About us', excerpt: 'Who we are.', content: 'We build robot cells.' };
  const german = {
    title: 'Über uns',
    excerpt: 'Wer wir sind.',
    content: 'Wir bauen Roboterzellen.',
  };

  const kinds = [
    {
      kind: 'article' as const,
      writes: () => services.news,
      extra: { category: 'robotics' },
      draftOf: (stored: AdminArticle | AdminPage) => draftFromArticle(stored as AdminArticle),
    },
    {
      kind: 'page' as const,
      writes: () => services.pages,
      extra: { nav: 'footer' },
      draftOf: (stored: AdminArticle | AdminPage) => draftFromPage(stored as AdminPage),
    },
  ];

  /** What the form sends for `draft` opened from `stored` (as `opened`): a save, and "Save anyway". */
  function saves(
    kind: 'article' | 'page',
    draft: ArticleDraft,
    stored: AdminArticle | AdminPage,
    opened: ArticleDraft,
  ) {
    const check = checkDraft(draft, kind);
    if (!check.ok) throw new Error(JSON.stringify(check.errors));
    const publication = publicationFields(draft, stored);
    if (!publication.ok) throw new Error(publication.error);
    const whole = { ...check.payload, ...publication.fields };
    return { whole, anyway: changesOnly(whole, draft, opened) };
  }

  for (const { kind, writes, extra, draftOf } of kinds) {
    it(`keeps a colleague's unpublishing of the ${kind} and of its German version`, async () => {
      const created = await writes().create({
        ...english,
        ...extra,
        slug: `about-${kind}`,
        published: true,
        translations: { de: german },
      });
      const stored = await writes().getById(created.id);
      const opened = draftOf(stored);

      // The colleague takes it off the site, unticks German and retitles it.
      const retitled = { ...german, title: 'Über die Firma', published: false };
      await writes().update(stored.id, { published: false, translations: { de: retitled } });

      // She changed only the English text.
      const draft = { ...opened, content: 'We build robot cells, and we test them.' };
      const { whole, anyway } = saves(kind, draft, stored, opened);
      const refused = await writes()
        .update(stored.id, { ...whole, updated_at: stored.updated_at })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 409 });
      const current = (refused as { current?: unknown }).current;
      expect(colleagueChanges(opened, current)).toEqual([
        { kind: 'withdrawn' },
        { kind: 'languageUnpublished', language: 'de' },
      ]);

      const saved = await writes().update(stored.id, anyway);
      expect(saved).toMatchObject({ published: false, content: draft.content });
      expect(saved.translations.de).toMatchObject({
        title: 'Über die Firma',
        published: false,
      });
    });
  }

  it('sends a language she unticked, with her text; one she did not touch not at all', async () => {
    const { news } = services;
    const created = await news.create({
      ...english,
      category: 'robotics',
      slug: 'about-languages',
      published: true,
      translations: {
        de: german,
        pt: { title: 'Sobre nós', excerpt: 'Quem somos.', content: 'Robôs.' },
      },
    });
    const stored = await news.getById(created.id);
    const opened = draftFromArticle(stored);
    await news.update(stored.id, {
      translations: { pt: { title: 'Quem somos', excerpt: 'Nós.', content: 'Robôs.' } },
    });

    const draft = {
      ...opened,
      states: { ...opened.states, de: { ...opened.states.de!, published: false } },
    };
    const { anyway } = saves('article', draft, stored, opened);
    expect(anyway).not.toHaveProperty('published');
    expect(anyway).not.toHaveProperty('title');
    expect(Object.keys(anyway.translations ?? {})).toEqual(['de']);
    const saved = await news.update(stored.id, anyway);
    expect(saved).toMatchObject({ published: true, title: english.title });
    expect(saved.translations.de).toMatchObject({ title: german.title, published: false });
    expect(saved.translations.pt).toMatchObject({ title: 'Quem somos', published: true });
  });
});
