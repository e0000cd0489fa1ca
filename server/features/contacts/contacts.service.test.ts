import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { AppError } from '../../errors';
import { createContactsRepo } from './contacts.repo';
import { createContactsService, messageHash, type ContactsService } from './contacts.service';
import { REPEATS_THAT_COUNT } from './spam-score';

/** The rules of enquiries, read as a specification, against a real SQLite file. */
let store: Awaited<ReturnType<typeof createTestDb>>;
let contacts: ContactsService;
const today = new Date('2026-11-20T12:00:00.000Z');
beforeAll(async () => {
  store = await createTestDb();
  contacts = createContactsService({ db: store.db, clock: () => today });
});
afterAll(() => store.destroy());
beforeEach(async () => {
  await store.db('contacts').delete();
});

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: 'Metalurgia Norte',
  message: 'We would like to automate our welding line.',
};

async function details(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error('expected a validation error');
  expect(error.status).toBe(400);
  return error.details;
}

describe('an enquiry', () => {
  it('is stored trimmed and unread; a blank company is none', async () => {
    const { id, stored } = await contacts.submit({
      name: '  Ana Silva ',
      email: ' ana@example.pt ',
      company: '   ',
      message: ' We would like to automate our welding line. ',
    });
    expect(stored).toBe(true);
    expect(await contacts.get(id)).toMatchObject({
      name: 'Ana Silva',
      email: 'ana@example.pt',
      company: null,
      message: 'We would like to automate our welding line.',
      read: false,
    });
  });

  it("follows the form's limits, one message key per field", async () => {
    expect(await details(contacts.submit({}))).toEqual({
      name: 'validation.name.required',
      email: 'validation.email.required',
      message: 'validation.message.required',
    });
    expect(
      await details(
        contacts.submit({
          name: 'A',
          email: 'ana@example',
          company: 'X',
          message: 'Too short',
        }),
      ),
    ).toEqual({
      name: 'validation.name.min',
      email: 'validation.email.invalid',
      company: 'validation.company.min',
      message: 'validation.message.min',
    });
    expect(
      await details(
        contacts.submit({ ...enquiry, name: 'n'.repeat(51), message: 'm'.repeat(1001) }),
      ),
    ).toEqual({ name: 'validation.name.max', message: 'validation.message.max' });
  });

  it('from a bot (the hidden field filled) is dropped without a trace, answered with a plausible id', async () => {
    const { id } = await contacts.submit(enquiry);
    const bot = () => contacts.submit({ ...enquiry, extra_comment: 'http://spam.example' });
    const first = await bot();
    const second = await bot();
    expect(first).toMatchObject({ stored: false, spam: false });
    // Above the real ids and rising like them, never repeated, never the next real one.
    expect(first.id).toBeGreaterThan(id + 1);
    expect(second.id).toBeGreaterThan(first.id);
    expect(await contacts.list()).toMatchObject([{ id }]);
    const next = await contacts.submit(enquiry);
    expect(next.id).toBe(id + 1);
    expect([first.id, second.id]).not.toContain(next.id);
  });

  it('records the language it came in: the body wins over the request, English by default', async () => {
    const fromBody = await contacts.submit({ ...enquiry, language: 'de' }, { language: 'pt' });
    const fromRequest = await contacts.submit(enquiry, { language: 'pt' });
    const plain = await contacts.submit(enquiry);
    const language = async (id: number) => (await contacts.get(id)).language;
    expect([
      await language(fromBody.id),
      await language(fromRequest.id),
      await language(plain.id),
    ]).toEqual(['de', 'pt', 'en']);
  });

  it('that looks like spam is kept in the spam folder with its reasons', async () => {
    const { id, spam } = await contacts.submit({
      ...enquiry,
      message: 'Nice [url=http://spam.example]cheap bags[/url] here',
    });
    expect(spam).toBe(true);
    expect(await contacts.list()).toEqual([]);
    expect(await contacts.list({ spam: true })).toMatchObject([
      { id, spam: true, spam_reasons: ['markup', 'links'] },
    ]);
  });

  it('weighs the same message sent again within a day, counting copies only as far as they weigh', async () => {
    const sent = [];
    for (let i = 0; i < 8; i++)
      sent.push(await contacts.submit({ ...enquiry, name: `Sender ${i}` }));
    const reasons = await Promise.all(
      sent.map(async ({ id }) => (await contacts.get(id)).spam_reasons),
    );
    expect(reasons).toEqual([[], [], ...Array(6).fill(['repeated'])]);
    const scores = await store.db('contacts').orderBy('id').pluck('spam_score');
    expect(scores).toEqual([0, 0, 3, 3, 3, 5, 5, 5]);

    const repo = createContactsRepo(store.db);
    const hash = messageHash(enquiry.message);
    const dayBefore = new Date(today.getTime() - 86_400_000).toISOString();
    expect(await repo.countSameMessage(hash, dayBefore, REPEATS_THAT_COUNT)).toBe(5);
    expect(await repo.countSameMessage(hash, dayBefore, 100)).toBe(8);
    expect(await repo.countSameMessage(hash, new Date(today.getTime() + 1).toISOString(), 5)).toBe(
      0,
    );
  });

  it('is marked replied at the clock time, and read; and back to waiting', async () => {
    const { id } = await contacts.submit(enquiry);
    expect(await contacts.setReplied(id, {})).toMatchObject({
      replied_at: today.toISOString(),
      read: true,
    });
    expect((await contacts.setReplied(id, { replied: false })).replied_at).toBeNull();
  });

  it('is marked read by default, and can be marked unread again', async () => {
    const { id } = await contacts.submit(enquiry);
    expect((await contacts.setRead(id, {})).read).toBe(true);
    expect((await contacts.setRead(id, { read: false })).read).toBe(false);
    expect(await details(contacts.setRead(id, { read: 'yes' }))).toEqual({
      read: 'validation.read.boolean',
    });
  });
});

describe('the inbox', () => {
  it('lists newest first, filters by read, and pages', async () => {
    const ids: number[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      ids.push((await contacts.submit({ ...enquiry, name })).id);
    }
    await contacts.setRead(ids[0]!, {});
    const names = (list: { name: string }[] | { items: { name: string }[] }) =>
      (Array.isArray(list) ? list : list.items).map((c) => c.name);
    expect(names(await contacts.list())).toEqual(['Third', 'Second', 'First']);
    expect(names(await contacts.list({ read: true }))).toEqual(['First']);
    const page = await contacts.list({ page: 2, per_page: 2 });
    expect(names(page)).toEqual(['First']);
    expect(page).toMatchObject({ total: 3 });
  });

  it("counts total, unread, the last 7 days and 30 days of the company's days (Lisbon)", async () => {
    const at = (iso: string) => ({
      ...enquiry,
      read: false,
      created_at: iso,
      due_at: new Date(Date.parse(iso) + 24 * 3_600_000).toISOString(),
    });
    await store.db('contacts').insert([
      at('2026-11-20T08:00:00.000Z'),
      at('2026-11-14T00:00:00.000Z'),
      at('2026-11-13T23:59:59.999Z'),
      // Lisbon's summer time (UTC+1) until 25 October: its 22 October begins at 23:00 UTC.
      at('2026-10-21T23:00:00.000Z'),
      at('2026-10-21T22:59:59.999Z'),
    ]);
    const stats = await contacts.stats();
    expect(stats).toMatchObject({
      total: 5,
      unread: 5,
      unreplied: 5,
      overdue: 4,
      spam: 0,
      last_7_days: 2,
    });
    expect(stats.per_day).toHaveLength(30);
    expect(stats.per_day[0]).toEqual({ date: '2026-10-22', count: 1 });
    expect(stats.per_day.at(-1)).toEqual({ date: '2026-11-20', count: 1 });
  });

  it('removes an enquiry once; the second time is a 404', async () => {
    const { id } = await contacts.submit(enquiry);
    expect(await contacts.remove(id)).toEqual({ id });
    await expect(contacts.remove(id)).rejects.toMatchObject({ status: 404 });
  });
});
