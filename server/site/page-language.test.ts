import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../tests/support/test-app';
import { createContactsService } from '../features/contacts/contacts.service';
import { createNewsService } from '../features/news/news.service';
import { createPagesService } from '../features/news/pages.service';
import { createContentVersion } from '../content-version';
import { createPreviewsService } from '../features/news/previews.service';
import { addressLanguage, addressLanguageCookie, pageLanguage } from './page-language';
import { serverSiteData } from './site-data';

const req = (url: string, cookie?: string) => ({ url, headers: { cookie } });

describe('the language of a page', () => {
  it('is named by the address: its prefix first, then ?lang=', () => {
    expect(pageLanguage(req('/pt/news?lang=de', 'language=en'))).toBe('pt');
    expect(pageLanguage(req('/de'))).toBe('de');
    expect(pageLanguage(req('/en/some-article', 'language=pt'))).toBe('en');
    expect(pageLanguage(req('/news?page=2&lang=de', 'language=pt'))).toBe('de');
  });

  it('else is the visitor’s choice from the cookie, else English', () => {
    expect(pageLanguage(req('/news', 'language=pt'))).toBe('pt');
    expect(pageLanguage(req('/news?lang=fr', 'language=de'))).toBe('de');
    expect(pageLanguage(req('/'))).toBe('en');
  });

  it('only takes a whole first path segment that is a language as a prefix', () => {
    expect(addressLanguage(req('/pt-article'))).toBeNull();
    expect(addressLanguage(req('/fr/news'))).toBeNull();
    expect(addressLanguage(req('/news/pt'))).toBeNull();
    expect(addressLanguage(req('/ptx'))).toBeNull();
    expect(addressLanguage(req('/pt/'))).toBe('pt');
  });

  it('becomes the visitor’s choice through a cookie only when the address names another one', () => {
    expect(addressLanguageCookie(req('/de/news'))).toBe(
      'language=de; Max-Age=31536000; Path=/; SameSite=Lax',
    );
    expect(addressLanguageCookie(req('/news?lang=pt', 'language=de'))).toMatch(/^language=pt;/);
    expect(addressLanguageCookie(req('/pt', 'language=pt'))).toBeNull();
    expect(addressLanguageCookie(req('/news', 'language=pt'))).toBeNull();
    const behindTls = { ...req('/pt'), headers: { 'x-forwarded-proto': 'https' } };
    expect(addressLanguageCookie(behindTls)).toMatch(/; Secure$/);
  });
});

describe('pages under a language prefix (real app)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.destroy());

  it('are rendered in that language and make it the visitor’s choice for a year', async () => {
    const res = await request(t.app).get('/pt/news');
    expect(res.text).toContain('<html lang="pt">');
    expect(res.headers['content-language']).toBe('pt');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^language=pt;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(res.text).toContain('href="/rss.xml?lang=pt"');
  });

  it('keep later unprefixed pages in the chosen language', async () => {
    const agent = request.agent(t.app);
    await agent.get('/de');
    const later = await agent.get('/news').expect(200);
    expect(later.text).toContain('<html lang="de">');
    expect(later.headers['set-cookie']).toBeUndefined();
  });

  it('take ?lang= as a choice too, and leave a cookie that already agrees alone', async () => {
    const asked = await request(t.app).get('/news?lang=de').set('Cookie', 'language=pt');
    expect(String(asked.headers['set-cookie'])).toMatch(/^language=de;/);
    const agrees = await request(t.app).get('/pt/contact').set('Cookie', 'language=pt');
    expect(agrees.headers['set-cookie']).toBeUndefined();
    const plain = await request(t.app).get('/contact').expect(200);
    expect(plain.headers['set-cookie']).toBeUndefined();
  });
});

describe('the page data of the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signedIn(t.app);
    await admin
      .post('/api/news')
      .send({
        title: 'Robot cell',
        excerpt: 'Summary',
        content: 'Body',
        category: 'robotics',
        slug: 'robot-cell',
        published: true,
        translations: { de: { title: 'Roboterzelle', excerpt: 'Kurz', content: 'Text' } },
      })
      .expect(201);
  });
  afterAll(() => t.destroy());

  it('reads articles in the page language unless a call names another', async () => {
    const pages = createPagesService({ db: t.db, content: createContentVersion() });
    const services = {
      news: createNewsService({ db: t.db, content: createContentVersion() }),
      pages,
      previews: createPreviewsService({
        db: t.db,
        news: createNewsService({ db: t.db, content: createContentVersion() }),
        pages,
      }),
      contacts: createContactsService({ db: t.db }),
    };
    const site = serverSiteData(services, { language: 'de' });
    expect((await site.listNews({ page: 1, perPage: 6 })).news[0]).toMatchObject({
      language: 'de',
      title: 'Roboterzelle',
    });
    expect(await site.getArticle('robot-cell')).toMatchObject({ title: 'Roboterzelle' });
    expect(await site.getArticle('robot-cell', { language: 'pt' })).toMatchObject({
      language: 'en',
      title: 'Robot cell',
    });
    const list = await site.listNews({ page: 1, perPage: 6, language: 'en' });
    expect(list.news[0]?.title).toBe('Robot cell');
  });
});
