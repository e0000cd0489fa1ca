import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock, type TestClock } from '../../../tests/support/clock';
import { newsServicesOn } from '../../../tests/support/stores';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../tests/support/test-app';
import { createContactsService } from '../contacts/contacts.service';
import { serverSiteData } from '../../site/site-data';
import { createPreviewsService } from './previews.service';

/**
 * Drafts seen before they are out: an admin opening a draft's page, and
 * share links (`/preview/<token>`) for people without an account, which
 * expire, can be revoked, are never cached and never indexed.
 */

const HOST = 'www.forge.test';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let clock: TestClock;
let admin: Awaited<ReturnType<typeof signedIn>>;
let draftId: number;

beforeAll(async () => {
  clock = testClock('2026-06-01T10:00:00.000Z');
  t = await createTestApp({}, undefined, { clock });
  admin = await signedIn(t.app);
  const { body } = await admin
    .post('/api/news')
    .send({
      title: 'Secret robot launch',
      excerpt: 'Not out yet',
      content: 'Draft body',
      category: 'robotics',
      slug: 'secret-launch',
      published: false,
      translations: {
        pt: { title: 'Lançamento secreto', excerpt: 'Ainda não', content: 'Rascunho' },
      },
    })
    .expect(201);
  draftId = body.data.id;
});
afterAll(() => t.destroy());

describe('a draft’s page', () => {
  it('is a 404 for visitors and non-admins', async () => {
    await request(t.app).get('/secret-launch').set('Host', HOST).expect(404);
    await request(t.app).get('/api/news/secret-launch').expect(404);
    const reader = await signedIn(t.app, await createUser(t));
    await reader.get('/secret-launch').expect(404);
  });

  it('opens for a signed-in admin, marked private and never kept', async () => {
    const res = await admin.get('/secret-launch').set('Host', HOST).expect(200);
    expect(res.text).toContain('Secret robot launch');
    expect(res.text).toContain('Draft — not public');
    const pt = await admin.get('/secret-launch?lang=pt').set('Host', HOST).expect(200);
    expect(pt.text).toContain('Lançamento secreto');
    expect(pt.text).toContain('Rascunho — não público');
    await admin.get('/news?lang=en').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const published = await admin.get('/news').expect(200);
    expect(published.headers['cache-control']).toBe('no-cache');
  });

  it('is given to the page in the language asked for, for admins only (page data)', async () => {
    const { news, pages } = newsServicesOn(t, { clock });
    const services = {
      news,
      pages,
      previews: createPreviewsService({ db: t.db, news, pages, clock }),
      contacts: createContactsService({ db: t.db }),
    };
    let marked = 0;
    const adminData = serverSiteData(services, {
      language: 'pt',
      drafts: { articles: true, pages: true },
      onPrivate: () => marked++,
    });
    expect(await adminData.getArticle('secret-launch')).toMatchObject({
      title: 'Lançamento secreto',
      published: false,
    });
    expect(marked).toBe(1);
    const visitorData = serverSiteData(services, { language: 'pt' });
    expect(await visitorData.getArticle('secret-launch')).toBeNull();
  });
});

describe('share links', () => {
  let token: string;
  let previewId: number;

  it('are made by admins: a 128-bit token, shown once, stored only as a hash, 7 days by default', async () => {
    const res = await admin.post(`/api/news/${draftId}/previews`).send({}).expect(201);
    const link = res.body.data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.url).toBe(`/preview/${link.token}`);
    expect(link).toMatchObject({
      news_id: draftId,
      created_at: '2026-06-01T10:00:00.000Z',
      expires_at: '2026-06-08T10:00:00.000Z',
      created_by: { username: 'test-admin' },
    });
    const stored = await t.db('news_previews').where({ id: link.id }).first();
    expect(JSON.stringify(stored)).not.toContain(link.token);
    token = link.token;
    previewId = link.id;
    const { token: _token, url: _url, ...listed } = link;
    expect((await admin.get(`/api/news/${draftId}/previews`).expect(200)).body.data).toEqual([
      listed,
    ]);
  });

  it('show the draft to anyone holding them, in any language, never cached, never indexed', async () => {
    const api = await request(t.app).get(`/api/previews/${token}?lang=pt`).expect(200);
    expect(api.body.data.news).toMatchObject({ title: 'Lançamento secreto', language: 'pt' });
    expect(api.headers['x-robots-tag']).toBe('noindex');
    expect(api.headers['cache-control']).toBe('private, no-store');
    for (const path of [`/preview/${token}`, `/preview/${token}?lang=pt`]) {
      for (let i = 0; i < 3; i++) {
        const page = await request(t.app).get(path).set('Host', HOST).expect(200);
        expect(page.text).toContain(
          path.endsWith('pt') ? 'Rascunho — não público' : 'Draft — not public',
        );
        expect(page.text).toContain('<meta name="robots" content="noindex">');
        expect(page.text).not.toContain('rel="canonical"');
        expect(page.headers['x-cache'], path).toBeUndefined();
        expect(page.headers['cache-control']).toBe('private, no-store');
        expect(page.headers['x-robots-tag']).toBe('noindex');
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    const { news, pages } = newsServicesOn(t, { clock });
    const previews = createPreviewsService({ db: t.db, news, pages, clock });
    const site = serverSiteData(
      { news, pages, previews, contacts: createContactsService({ db: t.db }) },
      { language: 'en' },
    );
    expect(await site.getPreview(token)).toMatchObject({
      news: { title: 'Secret robot launch' },
    });
    expect(await site.getPreview('A'.repeat(22))).toBeNull();
    expect(await site.getPreview('../../etc')).toBeNull();
  });

  it('stop working when they expire', async () => {
    const short = await admin
      .post(`/api/news/${draftId}/previews`)
      .send({ expires_in_days: 1 })
      .expect(201);
    expect(short.body.data.expires_at).toBe('2026-06-02T10:00:00.000Z');
    clock.advance(DAY - 1);
    await request(t.app).get(`/api/previews/${short.body.data.token}`).expect(200);
    clock.advance(1);
    await request(t.app).get(`/preview/${short.body.data.token}`).expect(404);
    const gone = await request(t.app).get(`/api/previews/${short.body.data.token}`).expect(404);
    expect(gone.body.error).toBe('This preview link does not exist, has expired or was revoked');
    const listed = (await admin.get(`/api/news/${draftId}/previews`).expect(200)).body.data;
    expect(listed.map((l: { id: number }) => l.id)).toEqual([previewId]);
  });

  it('stop working when revoked', async () => {
    await request(t.app).get(`/api/previews/${token}`).expect(200);
    await admin.delete(`/api/news/${draftId}/previews/${previewId}`).expect(200);
    await request(t.app).get(`/api/previews/${token}`).expect(404);
    await request(t.app).get(`/preview/${token}`).expect(404);
    expect((await admin.get(`/api/news/${draftId}/previews`).expect(200)).body.data).toEqual([]);
    await admin.delete(`/api/news/${draftId}/previews/${previewId}`).expect(404);
  });

  it('refuse a lifetime outside 1 to 30 days, and are for admins only', async () => {
    for (const expires_in_days of [0, 31, 2.5, '7']) {
      const res = await admin
        .post(`/api/news/${draftId}/previews`)
        .send({ expires_in_days })
        .expect(400);
      expect(res.body.details).toEqual({
        expires_in_days: 'A preview link can last from 1 to 30 days',
      });
    }
    await request(t.app).post(`/api/news/${draftId}/previews`).send({}).expect(401);
    await request(t.app).get(`/api/news/${draftId}/previews`).expect(401);
    await admin.post('/api/news/99999/previews').send({}).expect(404);
  });

  it('go with their article', async () => {
    const link = (await admin.post(`/api/news/${draftId}/previews`).send({}).expect(201)).body.data;
    await admin.delete(`/api/news/${draftId}`).expect(200);
    await request(t.app).get(`/api/previews/${link.token}`).expect(404);
  });
});

describe('a share link to a language version not published', () => {
  const en = { title: 'Careers', excerpt: 'Join us', content: 'We hire welders.' };
  const pt = { title: 'Carreiras', excerpt: 'Junte-se a nós', content: 'Contratamos.' };
  const de = { title: 'Karriere', excerpt: 'Bei uns', content: 'Wir stellen ein.' };
  const kinds = [
    { kind: 'article', api: '/api/news', extra: { category: 'robotics' } },
    { kind: 'page', api: '/api/pages', extra: {} },
  ];

  for (const { kind, api, extra } of kinds) {
    it(`says so of the ${kind}, without the other languages' texts`, async () => {
      const { body } = await admin
        .post(api)
        .send({
          ...en,
          ...extra,
          slug: `careers-${kind}`,
          published: true,
          translations: { pt: { ...pt, published: false }, de },
        })
        .expect(201);
      const link = await admin.post(`${api}/${body.data.id}/previews`).send({}).expect(201);
      const read = async (language: string) => {
        const res = await request(t.app).get(
          `/api/previews/${link.body.data.token}?lang=${language}`,
        );
        return kind === 'page' ? res.body.data.page : res.body.data.news;
      };
      const portuguese = await read('pt');
      expect(portuguese).toMatchObject({
        title: pt.title,
        language: 'pt',
        language_published: false,
      });
      expect(portuguese).not.toHaveProperty('translations');
      expect(await read('de')).toMatchObject({ title: de.title, language_published: true });
      expect(await read('en')).toMatchObject({ title: en.title, language_published: true });
    });
  }
});
