import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '#shared/analytics';
import { zoneDay } from '#shared/day-series';
import { DEFAULT_TIME_ZONE } from '#shared/work-calendar';
import { SPAM } from '../../../tests/support/enquiry-examples';
import {
  createAccount,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../../tests/support/test-app';

/**
 * Readers and where enquiries come from (README, "Analytics"), through the
 * real app: what a page view is, what is left out, the report and who may
 * read it, and enquiries counted per article as they arrive.
 */
const HOST = 'www.forge.test';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let articleId: number;
let pageId: number;

/** A reader's request: a browser, at the site's address. */
const read = (path: string, headers: Record<string, string> = {}) =>
  request(t.app).get(path).set('Host', HOST).set('User-Agent', BROWSER).set(headers);

async function report(days = 7): Promise<AnalyticsReport> {
  return (await admin.get(`/api/analytics?days=${days}`).expect(200)).body.data;
}
const viewsOf = (r: AnalyticsReport, path: string) =>
  r.pages.find((p) => p.path === path)?.views ?? 0;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CONTACT: '0' });
  admin = await signedIn(t.app);
  articleId = (
    await admin
      .post('/api/news')
      .send({
        title: 'Welding cells in practice',
        excerpt: 'How a cell welds a frame in four minutes.',
        content: 'The cell welds a frame in four minutes.',
        category: 'Automation',
        slug: 'welding-cells',
        published: true,
      })
      .expect(201)
  ).body.data.id;
  pageId = (
    await admin
      .post('/api/pages')
      .send({ title: 'Careers', content: 'Join us.', slug: 'careers', published: true })
      .expect(201)
  ).body.data.id;
});
afterAll(() => t.destroy());

describe('a page view', () => {
  it('is counted for every page a reader is sent, rendered or from the page cache, 304s too', async () => {
    let sent = 0;
    let cached = false;
    for (let i = 0; i < 100 && !cached; i++) {
      const res = await read('/welding-cells').expect(200);
      sent++;
      cached = res.headers['x-cache'] === 'HIT';
      if (!cached) await new Promise((r) => setTimeout(r, 20));
    }
    expect(cached).toBe(true);
    const { headers } = await read('/welding-cells').expect(200);
    await read('/welding-cells', { 'If-None-Match': headers.etag! }).expect(304);
    sent += 2;
    await read('/pt/careers').expect(200);
    await read('/').expect(200);
    await read('/news?page=1').expect(200);
    await read('/contact?from=welding-cells').expect(200);
    await read('/de/privacy').expect(200);

    const r = await report();
    expect(r.pages).toEqual(
      expect.arrayContaining([
        {
          path: '/welding-cells',
          title: 'Welding cells in practice',
          views: sent,
          enquiries: 0,
          page: 'document',
          id: articleId,
        },
        {
          path: '/careers',
          title: 'Careers',
          views: 1,
          enquiries: 0,
          page: 'document',
          id: pageId,
        },
        { path: '/', title: 'Home', views: 1, enquiries: 0, page: 'home', id: null },
        { path: '/news', title: 'News', views: 1, enquiries: 0, page: 'news', id: null },
        { path: '/contact', title: 'Contact', views: 1, enquiries: 0, page: 'contact', id: null },
        {
          path: '/privacy',
          title: 'Privacy notice',
          views: 1,
          enquiries: 0,
          page: 'privacy',
          id: null,
        },
      ]),
    );
    expect(r.pages[0]!.path).toBe('/welding-cells');
    expect(r.languages).toEqual([
      { language: 'en', views: sent + 3 },
      { language: 'de', views: 1 },
      { language: 'pt', views: 1 },
    ]);
    expect(r.views.at(-1)!.count).toBe(sent + 5);
  });

  it('is not counted for robots, link previews, prefetches, HEAD, 404s, staff or drafts', async () => {
    const before = await report();
    await request(t.app).get('/welding-cells').set('Host', HOST).set('User-Agent', GOOGLEBOT);
    await request(t.app).get('/welding-cells').set('Host', HOST);
    await read('/welding-cells', { 'Sec-Purpose': 'prefetch;prerender' }).expect(200);
    await read('/welding-cells', { Purpose: 'prefetch' }).expect(200);
    await request(t.app).head('/welding-cells').set('Host', HOST).set('User-Agent', BROWSER);
    await read('/no-such-article').expect(404);
    await admin.get('/welding-cells').set('User-Agent', BROWSER).expect(200);
    await admin.get('/').set('User-Agent', BROWSER).expect(200);
    await admin
      .post('/api/news')
      .send({
        title: 'Not out yet',
        excerpt: 'Draft.',
        content: 'Draft.',
        category: 'Automation',
        slug: 'draft-article',
      })
      .expect(201);
    await admin.get('/draft-article').set('User-Agent', BROWSER).expect(200);
    await read('/draft-article').expect(404);
    const after = await report();
    expect(after.pages).toEqual(before.pages);
    expect(after.views).toEqual(before.views);
  });

  it('keeps the referring site as a host, and sites with fewer than 5 views a day as other', async () => {
    for (let i = 0; i < 5; i++) {
      await read('/careers', { Referer: 'https://www.google.com/search?q=robot+welding' });
    }
    await read('/careers', { Referer: 'https://www.bing.com/search?q=welding' });
    await read('/careers', { Referer: 'https://duckduckgo.com/' });
    await read('/news', { Referer: `http://${HOST}/careers` });
    expect((await report()).referrers).toEqual([
      { host: 'google.com', views: 5 },
      { host: 'other', views: 2 },
    ]);
  });

  it('is counted when the site’s script shows a page, once, and never for staff or robots', async () => {
    const before = viewsOf(await report(), '/careers');
    const beacon = (body: unknown, agent = BROWSER) =>
      request(t.app)
        .post('/api/analytics/views')
        .set('User-Agent', agent)
        .send(body as object)
        .expect(202);
    await beacon({ page: 'document', id: pageId, language: 'de' });
    await beacon({ page: 'document', id: pageId, language: 'de' }, GOOGLEBOT);
    await beacon({ page: 'document', language: 'de' });
    await beacon({ page: 'home', id: 3, language: 'de' });
    await beacon({ page: 'elsewhere', language: 'de' });
    await beacon(['not', 'an', 'object']);
    await admin
      .post('/api/analytics/views')
      .set('User-Agent', BROWSER)
      .send({ page: 'document', id: pageId, language: 'de' })
      .expect(202);
    const r = await report();
    expect(viewsOf(r, '/careers')).toBe(before + 1);
    expect(r.languages.find((l) => l.language === 'de')?.views).toBe(2);
  });

  it('is not counted when a script names a draft or an article scheduled for later', async () => {
    const create = async (slug: string, extra: object) =>
      (
        await admin
          .post('/api/news')
          .send({
            title: slug,
            excerpt: 'Soon.',
            content: 'Soon.',
            category: 'Automation',
            slug,
            ...extra,
          })
          .expect(201)
      ).body.data.id as number;
    const draft = await create('not-public-yet', {});
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const scheduled = await create('out-tomorrow', { published: true, published_at: later });
    const before = await report();
    for (const id of [draft, scheduled]) {
      await request(t.app)
        .post('/api/analytics/views')
        .set('User-Agent', BROWSER)
        .send({ page: 'document', id, language: 'en' })
        .expect(202);
    }
    const after = await report();
    expect(after.pages.filter((p) => p.id === draft || p.id === scheduled)).toEqual([]);
    expect(after.views).toEqual(before.views);
  });
});

describe('enquiries per article', () => {
  it('are counted as they arrive, spam left out, and stay when the enquiry is deleted', async () => {
    const enquiry = {
      name: 'Ana Silva',
      email: 'ana@example.pt',
      message: 'We would like to automate our welding line.',
      from: 'welding-cells',
    };
    const { id } = (await request(t.app).post('/api/contacts').send(enquiry).expect(201)).body.data;
    await request(t.app)
      .post('/api/contacts')
      .send({ ...enquiry, email: 'pt@example.pt', language: 'pt', from: 'careers' })
      .expect(201);
    const spam = SPAM[0]!.example;
    await request(t.app)
      .post('/api/contacts')
      .send({ ...spam, email: 'spam@example.ru', from: 'welding-cells' })
      .expect(201);
    await admin.delete(`/api/contacts/${id}`).expect(200);
    const r = await report();
    expect(r.pages.find((p) => p.path === '/welding-cells')?.enquiries).toBe(1);
    expect(r.pages.find((p) => p.path === '/careers')?.enquiries).toBe(1);
  });

  it('without a source page (none, or one that credits none) are counted apart, spam left out', async () => {
    const before = (await report()).enquiries_without_source;
    const enquiry = {
      name: 'Marta Costa',
      email: 'mc@example.pt',
      message: 'Gostaríamos de um orçamento para uma célula de soldadura.',
      language: 'pt',
    };
    // From the contact page itself, from a link naming no article, and from an article.
    await request(t.app).post('/api/contacts').send(enquiry).expect(201);
    await request(t.app)
      .post('/api/contacts')
      .send({ ...enquiry, email: 'mc2@example.pt', from: 'no-such-article' })
      .expect(201);
    await request(t.app)
      .post('/api/contacts')
      .send({ ...enquiry, email: 'mc3@example.pt', from: 'welding-cells' })
      .expect(201);
    await request(t.app)
      .post('/api/contacts')
      .send({ ...SPAM[0]!.example, email: 'spam2@example.ru' })
      .expect(201);
    const r = await report();
    expect(r.enquiries_without_source).toBe(before + 2);
    // A period that ended before they arrived holds none of them.
    const old = await t.db('contacts').where({ email: 'mc@example.pt' }).first('id');
    await t
      .db('contacts')
      .where({ id: old.id })
      .update({ created_at: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString() });
    expect((await report()).enquiries_without_source).toBe(before + 1);
  });

  it('follow an enquiry moved out of spam or into it, on the day it arrived, never below 0', async () => {
    const today = new Date();
    const yesterday = new Date(today.getTime() - 24 * 60 * 60 * 1000);
    const counted = async (day: Date) =>
      Number(
        (
          await t
            .db('page_views')
            // The company's day (the zone its settings start with).
            .where({ day: zoneDay(day, DEFAULT_TIME_ZONE), page: 'document' })
            .where({ document_id: pageId, language: 'de' })
            .first('enquiries')
        )?.enquiries ?? 0,
      );
    const moved = (id: number, spam: boolean) =>
      admin.put(`/api/contacts/${id}/spam`).send({ spam }).expect(200);
    const send = async (body: object) =>
      (
        await request(t.app)
          .post('/api/contacts')
          .send({ ...body, language: 'de', from: 'careers' })
          .expect(201)
      ).body.data as { id: number };

    // Filed as spam on arrival (yesterday), taken out by sales: counted then.
    const spam = await send({ ...SPAM[0]!.example, email: 'moved@example.de' });
    expect((await admin.get(`/api/contacts/${spam.id}`).expect(200)).body.data.spam).toBe(true);
    await t.db('contacts').where({ id: spam.id }).update({ created_at: yesterday.toISOString() });
    expect(await counted(yesterday)).toBe(0);
    await moved(spam.id, false);
    expect(await counted(yesterday)).toBe(1);
    await moved(spam.id, false);
    expect(await counted(yesterday)).toBe(1);
    await moved(spam.id, true);
    expect(await counted(yesterday)).toBe(0);

    // Counted on arrival (today), filed as spam later: taken off.
    const before = await counted(today);
    const real = await send({
      name: 'Lukas Schmidt',
      email: 'ls@example.de',
      message: 'Wir möchten unsere Schweißlinie automatisieren.',
    });
    expect(await counted(today)).toBe(before + 1);
    await moved(real.id, true);
    expect(await counted(today)).toBe(before);

    // A count already at 0 stays there.
    await moved(real.id, false);
    await t.db('page_views').where({ document_id: pageId }).update({ enquiries: 0 });
    await moved(real.id, true);
    expect(await counted(today)).toBe(0);
  });
});

describe('an article or page deleted', () => {
  it('keeps its views and enquiries in one row of its own, so the totals are the rows’ sums', async () => {
    const { id } = (
      await admin
        .post('/api/news')
        .send({
          title: 'Laser cutting in the cell',
          excerpt: 'What a laser adds.',
          content: 'The laser cuts while the robot welds.',
          category: 'Automation',
          slug: 'laser-cutting',
          published: true,
        })
        .expect(201)
    ).body.data;
    await read('/laser-cutting').expect(200);
    await read('/de/laser-cutting').expect(200);
    await request(t.app)
      .post('/api/contacts')
      .send({
        name: 'Jürgen Weber',
        email: 'jw@example.de',
        message: 'Bitte senden Sie uns ein Angebot für eine Laserzelle.',
        language: 'de',
        from: 'laser-cutting',
      })
      .expect(201);
    const enquiries = (r: AnalyticsReport) => r.pages.reduce((n, p) => n + p.enquiries, 0);
    const before = await report();

    await admin.delete(`/api/news/${id}`).expect(200);
    const after = await report();
    const total = after.views.reduce((n, d) => n + d.count, 0);
    expect(after.pages.reduce((n, p) => n + p.views, 0)).toBe(total);
    expect(after.languages.reduce((n, l) => n + l.views, 0)).toBe(total);
    expect(enquiries(after)).toBe(enquiries(before));
    expect(after.pages.filter((p) => p.id === id)).toEqual([]);
    expect(after.pages.at(-1)).toEqual({
      path: '',
      title: 'Deleted articles and pages',
      views: 2,
      enquiries: 1,
      page: 'document',
      id: null,
      deleted: true,
    });
    const inPortuguese = await admin.get('/api/analytics?days=7&lang=pt').expect(200);
    expect(inPortuguese.body.data.pages.at(-1).title).toBe('Artigos e páginas eliminados');
  });
});

describe('an article taken back to a draft', () => {
  it('keeps its row, marked unpublished, its address no longer to be opened', async () => {
    const { id } = (
      await admin
        .post('/api/news')
        .send({
          title: 'Bending cells',
          excerpt: 'What a press brake adds.',
          content: 'The press brake bends while the robot holds.',
          category: 'Automation',
          slug: 'bending-cells',
          published: true,
        })
        .expect(201)
    ).body.data;
    await read('/bending-cells').expect(200);
    expect((await report()).pages.find((p) => p.id === id)).not.toHaveProperty('unpublished');
    await admin.put(`/api/news/${id}`).send({ published: false }).expect(200);
    expect((await report()).pages.find((p) => p.id === id)).toMatchObject({
      path: '/bending-cells',
      title: 'Bending cells',
      views: 1,
      unpublished: true,
    });
  });
});

describe('the report', () => {
  it('covers the days asked, 30 by default, at most 365, and says so for anything else', async () => {
    const thirty = (await admin.get('/api/analytics').expect(200)).body.data as AnalyticsReport;
    expect(thirty.days).toBe(30);
    expect(thirty.views).toHaveLength(30);
    expect((await report(365)).views).toHaveLength(365);
    for (const days of ['0', '366', 'week', '7.5']) {
      const refused = await admin.get(`/api/analytics?days=${days}`).expect(400);
      expect(refused.body.details).toEqual({
        days: 'The period must be a whole number of days from 1 to 365',
      });
    }
  });

  it('counts the company’s days, in the time zone its settings name', async () => {
    expect((await report()).time_zone).toBe('Europe/Lisbon');
    // UTC+14: its day is never UTC's day at the same moment but for the ten hours before UTC's midnight.
    await admin.put('/api/settings').send({ reply_time_zone: 'Pacific/Kiritimati' }).expect(200);
    try {
      const before = viewsOf(await report(), '/');
      await read('/').expect(200);
      const r = await report();
      const today = zoneDay(Date.now(), 'Pacific/Kiritimati');
      expect(r.time_zone).toBe('Pacific/Kiritimati');
      expect(r.views.at(-1)!.date).toBe(today);
      expect(viewsOf(r, '/')).toBe(before + 1);
      const stored = await t.db('page_views').where({ page: 'home', day: today }).first('views');
      expect(Number(stored?.views)).toBeGreaterThan(0);
    } finally {
      await admin.put('/api/settings').send({ reply_time_zone: 'Europe/Lisbon' }).expect(200);
    }
  });

  it('is for admins and editors only', async () => {
    await request(t.app).get('/api/analytics').expect(401);
    const editor = await createAccount(t, 'editor');
    const sales = await createAccount(t, 'sales');
    await (await signedIn(t.app, editor)).get('/api/analytics').expect(200);
    await (await signedIn(t.app, sales)).get('/api/analytics').expect(403);
  });

  it('still holds every view after a restart (what was counted is written on the way down)', async () => {
    const before = viewsOf(await report(), '/');
    await read('/').expect(200);
    await read('/').expect(200);
    await t.close();
    t = await createTestApp({ RATE_LIMIT_CONTACT: '0' }, t.dataDir);
    admin = await signedIn(t.app);
    expect(viewsOf(await report(), '/')).toBe(before + 2);
  });
});
