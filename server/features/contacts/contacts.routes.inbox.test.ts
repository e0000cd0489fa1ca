import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { csvNames, expectedExportOrder, exportRows } from '../../../tests/support/enquiry-export';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../tests/support/test-app';
import { EXPORT_BATCH } from './contacts.service';

/**
 * The inbox that keeps the 24-hour promise, through the API: reply tracking,
 * unanswered first, the spam folder, the counts and the CSV export.
 */
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

const HOUR = 60 * 60 * 1000;
const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: 'Metalúrgica do Norte',
  message: 'We need a quote for two welding cells.',
};
const submit = (body: object = enquiry) =>
  request(t.app).post('/api/contacts').send(body).expect(201);
const idOf = async (body: object = enquiry) => (await submit(body)).body.data.id as number;
/** An enquiry received `hours` ago (due 24 hours later), written straight into the database. */
const receivedAgo = async (hours: number, extra: object = {}) => {
  const created_at = new Date(Date.now() - hours * HOUR).toISOString();
  const due_at = new Date(Date.now() - (hours - 24) * HOUR).toISOString();
  const [row] = await t
    .db('contacts')
    .insert({ ...enquiry, read: false, created_at, due_at, ...extra })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
};
const names = (res: request.Response) => res.body.data.map((c: { name: string }) => c.name);

describe('reply tracking', () => {
  it('PUT /:id/replied sets replied_at (and read), keeps the first time, and clears it again', async () => {
    const id = await idOf();
    const before = Date.now();
    const replied = await admin.put(`/api/contacts/${id}/replied`).expect(200);
    expect(replied.body.data).toMatchObject({ id, read: true });
    const at = Date.parse(replied.body.data.replied_at);
    expect(at).toBeGreaterThanOrEqual(before - 5);
    const again = await admin
      .put(`/api/contacts/${id}/replied`)
      .send({ replied: true })
      .expect(200);
    expect(again.body.data.replied_at).toBe(replied.body.data.replied_at);
    const back = await admin
      .put(`/api/contacts/${id}/replied`)
      .send({ replied: false })
      .expect(200);
    expect(back.body.data).toMatchObject({ replied_at: null, read: true });
    const bad = await admin.put(`/api/contacts/${id}/replied`).send({ replied: 'yes' }).expect(400);
    expect(bad.body.details).toEqual({ replied: 'Replied must be true or false' });
    await admin
      .put('/api/contacts/9999/replied')
      .send({})
      .expect(404, { error: 'Contact not found' });
  });

  it('lists unanswered enquiries first with sort=unreplied, each group newest first', async () => {
    const oldOpen = await receivedAgo(30, { name: 'Old open' });
    await receivedAgo(20, { name: 'Answered', replied_at: new Date().toISOString() });
    await receivedAgo(2, { name: 'New open' });
    await receivedAgo(1, { name: 'New answered', replied_at: new Date().toISOString() });
    expect(names(await admin.get('/api/contacts').expect(200))).toEqual([
      'New answered',
      'New open',
      'Answered',
      'Old open',
    ]);
    expect(names(await admin.get('/api/contacts?sort=unreplied').expect(200))).toEqual([
      'New open',
      'Old open',
      'New answered',
      'Answered',
    ]);
    const paged = await admin.get('/api/contacts?sort=unreplied&page=1&per_page=2').expect(200);
    expect(paged.body.data.map((c: { id: number }) => c.id)).toContain(oldOpen);
    const bad = await admin.get('/api/contacts?sort=oldest').expect(400);
    expect(bad.body.details).toEqual({ sort: 'Sort must be newest, unreplied or due' });
  });

  it('counts unreplied and overdue (over 24 h without reply) in the stats, spam apart', async () => {
    await receivedAgo(25);
    await receivedAgo(23);
    await receivedAgo(30, { replied_at: new Date().toISOString(), read: true });
    await receivedAgo(40, { spam: true });
    await idOf();
    const { data } = (await admin.get('/api/contacts/stats').expect(200)).body;
    expect(data).toMatchObject({
      total: 4,
      unread: 3,
      unreplied: 3,
      overdue: 1,
      spam: 1,
      last_7_days: 4,
    });
    expect(data.per_day.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(4);
  });

  it('names the last enquiry received in the stats, spam included, however the counts move', async () => {
    const newest = async () =>
      (await admin.get('/api/contacts/stats').expect(200)).body.data.newest_id as number | null;
    expect(await newest()).toBeNull();
    const first = await idOf();
    expect(await newest()).toBe(first);
    const filed = await receivedAgo(0, { spam: true });
    expect(filed).toBeGreaterThan(first);
    expect(await newest()).toBe(filed);
    // Moved between the folders, or an older one deleted: the last arrival stays the same.
    await admin.put(`/api/contacts/${filed}/spam`).send({ spam: false }).expect(200);
    await admin.put(`/api/contacts/${first}/spam`).send({ spam: true }).expect(200);
    await admin.delete(`/api/contacts/${first}`).expect(200);
    expect(await newest()).toBe(filed);
  });
});

describe('the spam folder', () => {
  it('moves an enquiry in and out with PUT /:id/spam {spam}', async () => {
    const id = await idOf();
    const moved = await admin.put(`/api/contacts/${id}/spam`).send({ spam: true }).expect(200);
    expect(moved.body.data).toMatchObject({ id, spam: true });
    expect(names(await admin.get('/api/contacts').expect(200))).toEqual([]);
    expect(names(await admin.get('/api/contacts?spam=true').expect(200))).toEqual(['Ana Silva']);
    const back = await admin.put(`/api/contacts/${id}/spam`).send({ spam: false }).expect(200);
    expect(back.body.data.spam).toBe(false);
    expect(names(await admin.get('/api/contacts?spam=false').expect(200))).toEqual(['Ana Silva']);
  });

  it('requires spam as a boolean and 404s an unknown id', async () => {
    const id = await idOf();
    const missing = await admin.put(`/api/contacts/${id}/spam`).send({}).expect(400);
    expect(missing.body.details).toEqual({ spam: 'Spam must be true or false' });
    await admin.put(`/api/contacts/${id}/spam`).send({ spam: 'no' }).expect(400);
    await admin.put('/api/contacts/9999/spam').send({ spam: false }).expect(404);
  });
});

describe('GET /api/contacts/export', () => {
  it('downloads UTF-8 CSV with a BOM, a header row, RFC 4180 quoting and formulas neutralised', async () => {
    await idOf({
      ...enquiry,
      name: '=HYPERLINK("http://x")',
      message: 'Line one, "quoted"\nline two',
    });
    await idOf({ ...enquiry, name: 'Jürgen Müller', company: '@Köln GmbH' });
    await idOf({ ...enquiry, message: 'http://spam.example/only-a-link' });
    const res = await admin.get('/api/contacts/export').buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?enquiries-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    const text: string = res.text;
    expect(
      text.startsWith(
        '\uFEFFid,created_at (UTC),created_at (Europe/Lisbon),name,email,company,message,' +
          'source_path,language,' +
          'read,assignee,due_at (UTC),due_at (Europe/Lisbon),replied_at (UTC),' +
          'replied_at (Europe/Lisbon),spam\r\n',
      ),
    ).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(4); // header, two enquiries, the final line end
    const time = '\\d{4}-\\d{2}-\\d{2}';
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d+,${time}T[^,]+Z,${time} \\d{2}:\\d{2},Jürgen Müller,ana@example\\.pt,'@Köln GmbH,`,
      ),
    );
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"")",ana@example.pt`);
    expect(lines[2]).toMatch(
      new RegExp(
        `"Line one, ""quoted""\\nline two",,en,false,,${time}T[^,]+Z,${time} [^,]+,,,false$`,
      ),
    );
    expect(text).not.toContain('only-a-link');

    const spam = await admin.get('/api/contacts/export?spam=true').buffer(true).expect(200);
    expect(spam.headers['content-disposition']).toMatch(/filename="?spam-enquiries-/);
    expect(spam.text).toContain('only-a-link');
    expect(spam.text.split('\r\n')).toHaveLength(3);
  });

  it('gives times in UTC and in the company’s zone, the owner and the reply, and a semicolon variant', async () => {
    const id = await receivedAgo(0, {
      created_at: '2026-07-10T19:30:00.000Z',
      due_at: '2026-07-13T19:30:00.000Z',
      replied_at: '2026-07-13T08:05:00.000Z',
      read: true,
      message: 'Preço; prazo e montagem',
      source_path: '/automation-guide',
    });
    const admins = await t.db('users').where({ username: 'test-admin' }).first('id');
    await t.db('contacts').where({ id }).update({ assignee_id: admins.id });
    await admin.put('/api/settings').send({ reply_time_zone: 'Europe/Berlin' }).expect(200);
    try {
      const res = await admin
        .get('/api/contacts/export?separator=semicolon')
        .buffer(true)
        .expect(200);
      const [header, line] = res.text.slice(1).split('\r\n');
      expect(header).toBe(
        'id;created_at (UTC);created_at (Europe/Berlin);name;email;company;message;source_path;' +
          'language;' +
          'read;assignee;due_at (UTC);due_at (Europe/Berlin);replied_at (UTC);' +
          'replied_at (Europe/Berlin);spam',
      );
      expect(line).toBe(
        `${id};2026-07-10T19:30:00.000Z;2026-07-10 21:30;Ana Silva;ana@example.pt;` +
          'Metalúrgica do Norte;"Preço; prazo e montagem";/automation-guide;en;true;test-admin;' +
          '2026-07-13T19:30:00.000Z;2026-07-13 21:30;2026-07-13T08:05:00.000Z;2026-07-13 10:05;false',
      );
      const comma = await admin.get('/api/contacts/export').buffer(true).expect(200);
      expect(comma.text).toContain(',Preço; prazo e montagem,');
      const bad = await admin.get('/api/contacts/export?separator=tab').expect(400);
      expect(bad.body.details).toEqual({ separator: expect.any(String) });
    } finally {
      await t.db('settings').delete();
    }
  });

  it('streams every enquiry newest first, a batch at a time, even where times are equal', async () => {
    const rows = exportRows(EXPORT_BATCH * 2 + 3);
    for (let i = 0; i < rows.length; i += 100)
      await t.db('contacts').insert(rows.slice(i, i + 100));
    const res = await admin
      .get('/api/contacts/export')
      .set('Accept-Encoding', 'identity')
      .buffer(true)
      .expect(200);
    // Sent as it is read, so its length is not known up front.
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    expect(csvNames(res.text)).toEqual(expectedExportOrder(await t.db('contacts').select()));
  });

  it('takes the list’s search and filters: the file holds what the list on screen holds', async () => {
    await receivedAgo(1, { name: 'Welding open', message: 'Two welding cells.' });
    await receivedAgo(2, { name: 'Paint open', message: 'A paint shop.' });
    await receivedAgo(3, { name: 'Welding done', replied_at: new Date().toISOString() });
    const query = 'q=welding&reply=awaiting';
    const listed = names(await admin.get(`/api/contacts?${query}`).expect(200));
    const res = await admin.get(`/api/contacts/export?${query}`).buffer(true).expect(200);
    expect(csvNames(res.text)).toEqual(listed);
    expect(listed).toEqual(['Welding open']);
    expect(res.headers['content-disposition']).toMatch(/filename="?enquiries-filtered-/);
    const bad = await admin.get('/api/contacts/export?reply=someday').expect(400);
    expect(bad.body.details).toEqual({ reply: expect.any(String) });
  });

  it('is for admins only', async () => {
    await request(t.app).get('/api/contacts/export').expect(401);
    await reader.get('/api/contacts/export').expect(403);
    await reader.put('/api/contacts/1/replied').send({}).expect(403);
    await reader.put('/api/contacts/1/spam').send({ spam: false }).expect(403);
    await request(t.app).get('/api/mail/status').expect(401);
    await reader.get('/api/mail/status').expect(403);
  });
});

describe('GET /api/mail/status without SMTP_URL', () => {
  it('says e-mail is off', async () => {
    await idOf();
    const res = await admin.get('/api/mail/status').expect(200);
    expect(res.body.data).toEqual({
      enabled: false,
      auto_reply: false,
      notify: 0,
      alert_recipients: { en: 0, pt: 0, de: 0 },
      pending: 0,
      failed: 0,
      cancelled: 0,
      cancel_reasons: { 'recipient-deleted': 0, 'recipient-deactivated': 0, 'recipient-role': 0 },
      last_failure: null,
      last_delivery_at: null,
      failing: false,
      refused: false,
    });
    expect(await t.db('mail_outbox').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });
});
