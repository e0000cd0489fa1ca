import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsServicesOn } from '../../../../../tests/support/stores';
import { createTestDb } from '../../../../../tests/support/test-app';
import { draftFromArticle, draftFromPage, withSourceLanguage } from './article-draft';
import { checkDraft } from './draft-payload';

/** What the form sends, as the server saves it (the services on a real SQLite store). */
describe('the form saved by the server', () => {
  let t: Awaited<ReturnType<typeof createTestDb>>;
  let services: ReturnType<typeof newsServicesOn>;
  beforeAll(async () => {
    t = await createTestDb();
    services = newsServicesOn(t);
  });
  afterAll(() => t.destroy());

  it("keeps a page's place in its menu when a save fixes its title", async () => {
    const { pages } = services;
    const page = (n: number) => ({
      title: `Page ${n}`,
      content: 'Text',
      slug: `page-${n}`,
      nav: 'header',
      published: true,
    });
    const a = await pages.create(page(1));
    const b = await pages.create(page(2));
    const c = await pages.create(page(3));
    await pages.reorder({ ids: [c.id, b.id, a.id] });
    const menu = async () => (await pages.navigation()).map((p) => p.slug);
    const before = await menu();

    const stored = await pages.getById(a.id);
    const check = checkDraft({ ...draftFromPage(stored), title: 'Page 1, typo fixed' }, 'page');
    if (!check.ok) throw new Error(JSON.stringify(check.errors));
    await pages.update(a.id, { ...check.payload, updated_at: stored.updated_at });

    expect(await menu()).toEqual(before);
    expect((await pages.getById(a.id)).position).toBe(2);
    // The form shows no position, so it sends none.
    expect(check.payload).not.toHaveProperty('position');
  });

  const english = {
    title: 'Robot cell goes live',
    excerpt: 'A short summary.',
    content: 'Body text.',
    image_url: 'https://cdn.example.com/cell.jpg',
    image_alt: 'A robot arm',
    published: true,
  };
  const portuguese = {
    title: 'Célula robótica em funcionamento',
    excerpt: 'Um resumo curto.',
    content: 'Texto do corpo.',
    image_alt: 'Um braço robótico',
  };

  it("makes an article's Portuguese translation its source, and the English text a translation", async () => {
    const { news } = services;
    const stored = await news.create({
      ...english,
      category: 'robotics',
      slug: 'robot-cell-goes-live',
      translations: { pt: portuguese },
    });
    const draft = withSourceLanguage(draftFromArticle(stored), 'pt');
    const check = checkDraft(draft);
    if (!check.ok) throw new Error(JSON.stringify(check.errors));
    const saved = await news.update(stored.id, { ...check.payload, updated_at: stored.updated_at });

    expect(saved).toMatchObject({
      source_language: 'pt',
      title: portuguese.title,
      excerpt: portuguese.excerpt,
      content: portuguese.content,
    });
    expect(Object.keys(saved.translations)).toEqual(['en']);
    expect(saved.translations.en).toMatchObject({
      title: english.title,
      excerpt: english.excerpt,
      content: english.content,
      published: true,
    });
  });

  it("makes a page's Portuguese translation its source, and the English text a translation", async () => {
    const { pages } = services;
    const stored = await pages.create({
      ...english,
      slug: 'about-the-cell',
      nav: 'footer',
      translations: { pt: portuguese },
    });
    const draft = withSourceLanguage(draftFromPage(stored), 'pt');
    const check = checkDraft(draft, 'page');
    if (!check.ok) throw new Error(JSON.stringify(check.errors));
    const saved = await pages.update(stored.id, {
      ...check.payload,
      updated_at: stored.updated_at,
    });

    expect(saved).toMatchObject({
      source_language: 'pt',
      title: portuguese.title,
      content: portuguese.content,
      nav: 'footer',
    });
    expect(Object.keys(saved.translations)).toEqual(['en']);
    expect(saved.translations.en).toMatchObject({ title: english.title, content: english.content });
  });

  it('keeps each image description with its language when the source language changes', async () => {
    const { news } = services;
    const stored = await news.create({
      ...english,
      category: 'robotics',
      slug: 'robot-cell-described',
      translations: { pt: portuguese },
    });
    const check = checkDraft(withSourceLanguage(draftFromArticle(stored), 'pt'));
    if (!check.ok) throw new Error(JSON.stringify(check.errors));
    const saved = await news.update(stored.id, { ...check.payload, updated_at: stored.updated_at });

    expect(saved.image_alt).toBe(portuguese.image_alt);
    expect(saved.translations.en?.image_alt).toBe(english.image_alt);
  });
});
