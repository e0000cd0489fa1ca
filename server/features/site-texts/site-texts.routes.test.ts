import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SiteText } from '#shared/site-texts';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../tests/support/test-app';

/** Site texts through the real app on SQLite: the staff's API and every place a text shows. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({
    SMTP_URL: 'smtp://127.0.0.1:2525',
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    PUBLIC_URL: 'https://www.forge.example',
  });
  admin = await signedIn(t.app);
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await t.db('site_texts').delete();
  await t.contentVersion.changed('test reset');
});

const texts = async () =>
  (await admin.get('/api/site/texts').expect(200)).body.data.texts as SiteText[];
const text = async (key: string) => (await texts()).find((entry) => entry.key === key);
const put = (values: Record<string, Record<string, string | null>>) =>
  admin.put('/api/site/texts').send({ values });
const page = (path: string) => request(t.app).get(path).expect(200);
/** What a page shows (its head and markup, not the texts it embeds for hydration). */
const shown = async (path: string) => {
  const html = (await page(path)).text;
  return html.slice(0, html.indexOf('<script type="application/json"'));
};

describe('the list of site texts', () => {
  it('names every editable key with its catalogue text in each language and no overrides', async () => {
    const all = await texts();
    const keys = all.map((entry) => entry.key);
    expect(keys).toContain('home.hero.title');
    expect(keys).toContain('contact.details.phone');
    expect(keys).toContain('footer.copyright');
    expect(keys).toContain('meta.contact.title');
    expect(keys).toContain('privacy.intro');
    expect(keys).toContain('contact.title');
    expect(keys.filter((key) => key.startsWith('contact.form.'))).toEqual([]);
    expect(keys.filter((key) => key.startsWith('nav.') || key.startsWith('admin.'))).toEqual([]);
    expect(all.find((entry) => entry.key === 'contact.details.phone')).toEqual({
      key: 'contact.details.phone',
      defaults: { en: '+351 220 145 870', pt: '+351 220 145 870', de: '+351 220 145 870' },
      values: {},
      versions: {},
    });
    expect((await text('home.hero.title'))?.defaults.de).toBe(
      'Intelligente Maschinen für die Fabriken von morgen',
    );
  });

  it('is for signed-in staff only', async () => {
    await request(t.app).get('/api/site/texts').expect(401);
    await request(t.app).put('/api/site/texts').send({ values: {} }).expect(401);
    const reader = await createUser(t, 'texts-reader');
    const agent = await signedIn(t.app, reader);
    await agent.get('/api/site/texts').expect(403);
    await agent.put('/api/site/texts').send({ values: {} }).expect(403);
  });
});

describe('changing site texts', () => {
  it('sets, keeps and removes overrides per language', async () => {
    const res = await put({
      'home.hero.title': { en: '  New headline  ', de: 'Neue Überschrift' },
    });
    expect(res.status).toBe(200);
    const entry = (res.body.data.texts as SiteText[]).find((e) => e.key === 'home.hero.title');
    expect(entry?.values).toEqual({ en: 'New headline', de: 'Neue Überschrift' });

    await put({ 'home.hero.title': { pt: 'Novo título' } }).expect(200);
    expect((await text('home.hero.title'))?.values).toEqual({
      en: 'New headline',
      pt: 'Novo título',
      de: 'Neue Überschrift',
    });

    await put({ 'home.hero.title': { en: null, pt: '' } }).expect(200);
    expect((await text('home.hero.title'))?.values).toEqual({ de: 'Neue Überschrift' });
  });

  it('refuses an unknown key, an overlong text and a lost placeholder, changing nothing', async () => {
    const res = await admin
      .put('/api/site/texts?lang=de')
      .send({
        values: {
          'home.hero.title': { en: 'Would be fine' },
          'admin.title': { en: 'Not a site text' },
          'footer.copyright': { pt: '© Forge Industrial', de: '© {{year}} {{name}}' },
          'footer.blurb': { en: 'x'.repeat(2001) },
        },
      })
      .expect(400);
    expect(res.body.details['values.footer.blurb.en']).toBe('Höchstens 2.000 Zeichen');
    const again = await put({
      'home.hero.title': { en: 'Would be fine' },
      'admin.title': { en: 'Not a site text' },
      'footer.copyright': { pt: '© Forge Industrial', de: '© {{year}} {{name}}' },
    }).expect(400);
    expect(again.body.details).toEqual({
      'values.admin.title': 'This text cannot be edited here',
      'values.footer.copyright.pt': 'Keep the placeholders of the default text: {{year}}, {{name}}',
    });
    expect(again.body.error).toBe('This text cannot be edited here');
    const french = await admin
      .put('/api/site/texts?lang=de')
      .send({
        values: { 'home.hero.title': { fr: 'Titre' } },
        versions: { 'footer.blurb': { fr: null } },
      })
      .expect(400);
    expect(french.body.details).toEqual({
      'values.home.hero.title': 'Texte gibt es nur auf Englisch, Portugiesisch oder Deutsch',
      'versions.footer.blurb': 'Texte gibt es nur auf Englisch, Portugiesisch oder Deutsch',
    });
    const unnamed = await admin
      .put('/api/site/texts?lang=pt')
      .send({ 'home.hero.title': { en: 'x' } })
      .expect(400);
    expect(unnamed.body.details).toEqual({
      _: 'Envie os textos a alterar, por chave e idioma',
      values: 'Envie os textos a alterar, por chave e idioma',
    });
    expect((await text('home.hero.title'))?.values).toEqual({});
  });
});

describe('an override shows from the next request on', () => {
  it('on the server-rendered page, its head and the texts it embeds, in its language only', async () => {
    // Cached before the change: the change must not be hidden by the page cache.
    await page('/de/contact');
    await page('/contact');
    await put({
      'contact.details.phone': { en: '+44 20 7946 0000', de: '+49 30 1234 5678' },
      'meta.contact.title': { de: 'Kontakt und Anfahrt' },
    }).expect(200);

    const html = (await page('/de/contact')).text;
    const de = await shown('/de/contact');
    expect(de).toContain('+49 30 1234 5678');
    expect(de).toContain('href="tel:+493012345678"');
    expect(de).toContain('<title>Kontakt und Anfahrt | Forge Industrial</title>');
    expect(de).toMatch(/property="og:title" content="Kontakt und Anfahrt/);
    const embedded = JSON.parse(/id="site-catalogue">([^<]*)</.exec(html)![1]!) as Record<
      string,
      { contact: { details: { phone: string } } }
    >;
    expect(embedded.de!.contact.details.phone).toBe('+49 30 1234 5678');
    // No English copy beside it: pt and de have every English key.
    expect(Object.keys(embedded)).toEqual(['de']);

    const en = await shown('/contact');
    expect(en).toContain('+44 20 7946 0000');
    expect(en.includes('Kontakt und Anfahrt')).toBe(false);
    // The footer of every page shows the same number.
    expect(await shown('/en')).toContain('+44 20 7946 0000');
    const pt = await shown('/pt/contact');
    expect(pt).toContain('+351 220 145 870');
    expect(pt.includes('+44 20 7946 0000')).toBe(false);
  });

  it('in the catalogue the site loads when the visitor switches language', async () => {
    const before = await request(t.app).get('/api/site/catalogue/pt').expect(200);
    expect(before.body.data.home.hero.title).toBe(
      'Máquinas inteligentes para as fábricas do futuro',
    );
    expect(before.body.data.admin).toBeUndefined();
    // Whole for the site: the privacy notice a page embeds only on its own page, the form's rules.
    expect(before.body.data.privacy.title).toBeDefined();
    expect(before.body.data.validation.email.invalid).toBeDefined();
    expect(before.body.data.validation.webhook).toBeUndefined();
    await put({ 'home.hero.title': { pt: 'Automação que se paga' } }).expect(200);
    const after = await request(t.app).get('/api/site/catalogue/pt').expect(200);
    expect(after.body.data.home.hero.title).toBe('Automação que se paga');
    await request(t.app).get('/api/site/catalogue/fr').expect(404);
  });

  it('in the contact details of the auto-reply, in the enquiry’s language', async () => {
    await put({ 'contact.details.phone': { de: '+49 30 1234 5678' } }).expect(200);
    const enquiry = {
      name: 'Jonas Weber',
      email: 'jonas@werk.example',
      message: 'Wir möchten unsere Schweißlinie automatisieren.',
      language: 'de',
    };
    const { body } = await request(t.app).post('/api/contacts').send(enquiry).expect(201);
    const reply = await t
      .db('mail_outbox')
      .where({ contact_id: body.data.id, kind: 'auto-reply' })
      .first();
    const content = JSON.parse(reply.content) as { text: string; html: string };
    expect(content.text).toContain('+49 30 1234 5678');
    expect(content.html).toContain('tel:+493012345678');
  });
});

describe('the preview of unsaved texts', () => {
  const preview = (body: Record<string, unknown>) => admin.post('/api/site/preview').send(body);

  it('renders the page in its language with the draft over the saved texts, without scripts, saving nothing', async () => {
    await put({ 'contact.title': { de: 'Gespeicherter Titel' } }).expect(200);
    const version = t.contentVersion.current();
    const res = await preview({
      path: '/contact',
      language: 'de',
      values: { 'contact.details.phone': { de: '+49 89 000 000' } },
    }).expect(200);
    const html = res.body.data.html as string;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('+49 89 000 000');
    expect(html).toContain('Gespeicherter Titel');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toMatch(/<script/);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\//);
    // A preview is no content write: the page cache keeps what it holds.
    expect(t.contentVersion.current()).toBe(version);
    expect((await text('contact.details.phone'))?.values).toEqual({});
    expect(await shown('/de/contact')).not.toContain('+49 89 000 000');
  });

  it('shows a removed override as the catalogue text, and takes only the site’s own pages', async () => {
    await put({ 'home.hero.title': { en: 'Saved headline' } }).expect(200);
    const res = await preview({
      path: '/',
      language: 'en',
      values: { 'home.hero.title': { en: null } },
    }).expect(200);
    expect(res.body.data.html).toContain('Intelligent machines for the factories of tomorrow');
    await preview({ path: '/admin', language: 'en', values: {} }).expect(400);
    await preview({ path: '/', language: 'fr', values: {} }).expect(400);
    await request(t.app)
      .post('/api/site/preview')
      .send({ path: '/', language: 'en', values: {} })
      .expect(401);
  });
});
