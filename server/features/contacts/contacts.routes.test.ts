import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_HONEYPOT_FIELD } from '#shared/contact';
import { zoneDay } from '#shared/day-series';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let reader: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CONTACT: '0' });
  admin = await signedIn(t.app);
  reader = await signedIn(t.app, await createUser(t));
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await t.db('contacts').delete();
});

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: 'Metalúrgica do Norte',
  message: 'We need a quote for two welding cells.',
};

const submit = (body: object, app = t.app) => request(app).post('/api/contacts').send(body);

describe('POST /api/contacts', () => {
  it('stores the trimmed enquiry verbatim and answers {id} (201)', async () => {
    const res = await submit({
      name: '  Jürgen Müller 🤖  ',
      email: ' j@example.de ',
      company: '   ',
      message: '  Grüße aus Köln — bitte um Rückruf.  ',
    }).expect(201);
    expect(res.body).toEqual({ data: { id: expect.any(Number) } });
    const stored = await admin.get(`/api/contacts/${res.body.data.id}`).expect(200);
    expect(stored.body.data).toEqual({
      id: res.body.data.id,
      name: 'Jürgen Müller 🤖',
      email: 'j@example.de',
      company: null,
      message: 'Grüße aus Köln — bitte um Rückruf.',
      language: 'en',
      read: false,
      replied_at: null,
      reply_failed: false,
      spam: false,
      spam_reasons: [],
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      source_path: null,
      source_title: null,
      due_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      assignee: null,
      thread: [
        {
          kind: 'enquiry',
          at: stored.body.data.created_at,
          by: null,
          by_name: null,
          text: 'Grüße aus Köln — bitte um Rückruf.',
        },
      ],
      earlier: [],
    });
    // The 24 hours promised on the contact page (the working-days rule is off by default).
    const { created_at: created, due_at: due } = stored.body.data;
    expect(Date.parse(due) - Date.parse(created)).toBe(24 * 3_600_000);
  });

  it("answers 400 with the form's messages per field", async () => {
    const res = await submit({
      name: 'A',
      email: 'not-an-email',
      company: 'X',
      message: 'short',
    }).expect(400);
    expect(res.body).toEqual({
      error: 'Please fix the errors in the form before submitting.',
      details: {
        name: 'Name must be at least 2 characters',
        email: 'Please enter a valid email address',
        company: 'Company name must be at least 2 characters',
        message: 'Message must be at least 10 characters',
      },
    });
    const empty = await submit({}).expect(400);
    expect(empty.body.details).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('refuses an address replies cannot reach (a final dot, an emoji), storing nothing', async () => {
    for (const email of ['anna@example.com.', '😀anna@example.com']) {
      const res = await submit({ ...enquiry, email }).expect(400);
      expect(res.body).toEqual({
        error: 'Please fix the errors in the form before submitting.',
        details: { email: 'Please enter a valid email address' },
      });
    }
    expect(await t.db('contacts').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('translates the details with ?lang', async () => {
    const res = await request(t.app)
      .post('/api/contacts?lang=pt')
      .send({ ...enquiry, name: '' })
      .expect(400);
    expect(res.body.details).toEqual({ name: 'O nome é obrigatório' });
  });

  it('answers a filled honeypot like a success, with a plausible id, but stores nothing', async () => {
    const real = (await submit(enquiry).expect(201)).body.data.id;
    const res = await submit({
      ...enquiry,
      [CONTACT_HONEYPOT_FIELD]: 'http://spam.example',
    }).expect(201);
    expect(Object.keys(res.body.data)).toEqual(['id']);
    // Not the id the next real enquiry gets.
    expect(res.body.data.id).toBeGreaterThan(real + 1);
    const list = await admin.get('/api/contacts').expect(200);
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([real]);
    expect((await admin.get('/api/contacts?spam=true').expect(200)).body.data).toEqual([]);
  });

  it('records the language the visitor used: the body, else ?lang, else the cookie, else en', async () => {
    const language = async (req: request.Test) =>
      (await admin.get(`/api/contacts/${(await req.expect(201)).body.data.id}`)).body.data.language;
    expect(await language(submit({ ...enquiry, language: 'de' }))).toBe('de');
    const post = (path: string) => request(t.app).post(path).send(enquiry);
    expect(await language(post('/api/contacts?lang=pt'))).toBe('pt');
    expect(await language(post('/api/contacts').set('Cookie', 'language=de'))).toBe('de');
    expect(await language(submit(enquiry))).toBe('en');
    const bad = await submit({ ...enquiry, language: 'fr' }).expect(400);
    expect(bad.body.details).toEqual({ language: 'Language must be en, pt or de' });
  });

  it('files likely spam in the spam folder, answering exactly like a stored enquiry', async () => {
    const res = await submit({ ...enquiry, message: 'https://spam.example/buy-now' }).expect(201);
    expect(res.body).toEqual({ data: { id: expect.any(Number) } });
    expect((await admin.get('/api/contacts').expect(200)).body.data).toEqual([]);
    const folder = await admin.get('/api/contacts?spam=true').expect(200);
    expect(folder.body.data).toMatchObject([
      { id: res.body.data.id, spam: true, spam_reasons: ['url-only', 'links'] },
    ]);
  });
});

describe('contact rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_CONTACT: '2' });
  });
  afterEach(async () => {
    await limited.db('contacts').delete();
  });
  afterAll(() => limited.destroy());

  it('answers 429 after RATE_LIMIT_CONTACT submissions per IP', async () => {
    await submit(enquiry, limited.app).expect(201);
    await submit(enquiry, limited.app).expect(201);
    const res = await submit(enquiry, limited.app).expect(429);
    expect(res.body).toEqual({
      error: 'Too many enquiries sent from your network. Please try again in a few minutes.',
    });
    const count = await limited.db('contacts').count({ n: '*' }).first();
    expect(Number(count?.n)).toBe(2);
  });
});

describe('admin review', () => {
  async function seed() {
    const ids: number[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      ids.push((await submit({ ...enquiry, name }).expect(201)).body.data.id);
    }
    return ids;
  }

  it('lists newest first, filters by read and pages', async () => {
    const [first, second, third] = await seed();
    await admin.put(`/api/contacts/${first}/read`).send({}).expect(200);
    const all = await admin.get('/api/contacts').expect(200);
    expect(all.body.data.map((c: { name: string }) => c.name)).toEqual([
      'Third',
      'Second',
      'First',
    ]);
    const unread = await admin.get('/api/contacts?read=false').expect(200);
    expect(unread.body.data.map((c: { id: number }) => c.id)).toEqual([third, second]);
    const read = await admin.get('/api/contacts?read=true').expect(200);
    expect(read.body.data).toHaveLength(1);
    const page = await admin.get('/api/contacts?page=2&per_page=2').expect(200);
    expect(page.body.data.map((c: { name: string }) => c.name)).toEqual(['First']);
    expect(page.headers['x-total-count']).toBe('3');
    expect(all.headers['x-total-count']).toBeUndefined();
    await admin.get('/api/contacts?page=1&per_page=100').expect(200);
    const tooMany = await admin.get('/api/contacts?per_page=101').expect(400);
    expect(tooMany.body.details).toEqual({
      per_page: 'Items per page must be a whole number from 1 to 100',
    });
    const found = await admin.get('/api/contacts?page=1&q=second').expect(200);
    expect(found.body.data.map((c: { id: number }) => c.id)).toEqual([second]);
    expect(found.headers['x-total-count']).toBe('1');
    const bad = await admin.get(`/api/contacts?q=${'x'.repeat(201)}&reply=later`).expect(400);
    expect(bad.body.details).toEqual({
      q: 'Search text may be at most 200 characters',
      reply: 'Reply filter must be awaiting, late, soon, overdue or replied',
    });
  });

  it('PUT /:id/read defaults to true, accepts false, validates, 404s', async () => {
    const [id] = await seed();
    const read = await admin.put(`/api/contacts/${id}/read`).expect(200);
    expect(read.body.data).toMatchObject({ id, read: true });
    const unread = await admin.put(`/api/contacts/${id}/read`).send({ read: false }).expect(200);
    expect(unread.body.data.read).toBe(false);
    const bad = await admin.put(`/api/contacts/${id}/read`).send({ read: 'yes' }).expect(400);
    expect(bad.body.details).toEqual({ read: 'Read must be true or false' });
    await admin.put('/api/contacts/9999/read').send({}).expect(404, { error: 'Contact not found' });
  });

  it('GET and DELETE /:id', async () => {
    const [id] = await seed();
    await admin.get(`/api/contacts/${id}`).expect(200);
    await admin.delete(`/api/contacts/${id}`).expect(200, { data: { id } });
    await admin.get(`/api/contacts/${id}`).expect(404, { error: 'Contact not found' });
    await admin.delete(`/api/contacts/${id}`).expect(404);
  });

  it('GET /stats counts total, unread, last 7 days and 30 zero-filled days', async () => {
    const [id] = await seed();
    await admin.put(`/api/contacts/${id}/read`).send({ read: true }).expect(200);
    const old = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000).toISOString();
    await t.db('contacts').insert({ ...enquiry, read: false, created_at: old });
    const res = await admin.get('/api/contacts/stats').expect(200);
    const { total, unread, last_7_days, per_day } = res.body.data;
    expect({ total, unread, last_7_days }).toEqual({ total: 4, unread: 3, last_7_days: 3 });
    expect(per_day).toHaveLength(30);
    // The company's days (its time zone, Lisbon by default).
    const day = (time: string | number) => zoneDay(time, 'Europe/Lisbon');
    expect(per_day.at(-1)).toEqual({ date: day(Date.now()), count: 3 });
    expect(per_day.find((d: { date: string }) => d.date === day(old)).count).toBe(1);
  });

  it('is 401 without a session and 403 for a non-admin', async () => {
    for (const path of ['/api/contacts', '/api/contacts/stats', '/api/contacts/1']) {
      await request(t.app).get(path).expect(401, { error: 'Authentication required' });
      await reader.get(path).expect(403, { error: 'Access denied. Admin privileges required.' });
    }
    await request(t.app).put('/api/contacts/1/read').send({}).expect(401);
    await reader.delete('/api/contacts/1').expect(403);
  });
});
