import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testClock, type TestClock } from '../../../tests/support/clock';
import { FAST_TIMING } from '../../../tests/support/mail';
import { mailServicesOn } from '../../../tests/support/mail-services';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import { STORES, type TestStore } from '../../../tests/support/stores';
import {
  createTestApp,
  signedIn,
  tempDataDir,
  type TestApp,
} from '../../../tests/support/test-app';
import { createMailWorker, type MailWorker } from '../mail/mail.worker';

/**
 * The reply promise on the company's calendar: with the working-days rule
 * on, an enquiry on Friday evening is due on Monday evening and the
 * auto-reply names that day; the reminder two hours before goes out once.
 */
describe('the working-days rule, with the clock on a Friday evening', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let clock: TestClock;
  let worker: MailWorker;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Friday 27 November 2026, 20:00 in Lisbon (UTC+0 in winter).
    clock = testClock('2026-11-27T20:00:00.000Z');
    t = await createTestApp(
      {
        RATE_LIMIT_CONTACT: '0',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Forge Industrial <hello@forge.example>',
        NOTIFY_EMAIL: 'sales@forge.example',
        PUBLIC_URL: 'https://www.forge.example',
      },
      tempDataDir(),
      { clock },
    );
    admin = await signedIn(t.app);
    // The worker goes by the same clock: the queued mail is due at the app's time.
    worker = createMailWorker({
      db: t.db,
      mail: t.config.mail,
      logger: t.logger,
      signal: t.outboxSignal,
      timing: FAST_TIMING,
      clock,
    });
    worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await t.destroy();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  const enquiry = (language: string) => ({
    name: 'Jürgen Weiß',
    email: `juergen.${language}@fabrik.de`,
    message: 'Wir brauchen zwei Schweißroboter für unsere Fertigung.',
    language,
  });

  it('is due 24 hours later while the rule is off, and on Monday at 20:00 once it is on', async () => {
    const before = (await request(t.app).post('/api/contacts').send(enquiry('en')).expect(201)).body
      .data.id;
    expect((await admin.get(`/api/contacts/${before}`)).body.data.due_at).toBe(
      '2026-11-28T20:00:00.000Z',
    );
    const [, confirmation] = (await smtp.waitFor(2)).sort((a) =>
      a.envelope.to[0]!.startsWith('sales') ? -1 : 1,
    );
    expect(confirmation!.text).toContain('within 24 hours');

    await admin.put('/api/settings').send({ reply_working_days: true }).expect(200);
    smtp.received.length = 0;
    const id = (await request(t.app).post('/api/contacts').send(enquiry('de')).expect(201)).body
      .data.id;
    const stored = (await admin.get(`/api/contacts/${id}`)).body.data;
    expect(stored.due_at).toBe('2026-11-30T20:00:00.000Z');

    const mails = await smtp.waitFor(2);
    const auto = mails.find((m) => m.envelope.to[0] === 'juergen.de@fabrik.de')!;
    expect(auto.text).toContain(
      'Einer unserer Ingenieure wird Ihnen bis Montag, 30. November um 20:00 Uhr (Westeuropäische Zeit) persönlich antworten.',
    );
    const alert = mails.find((m) => m.envelope.to[0] === 'sales@forge.example')!;
    expect(alert.text).toContain('Reply by: 30 Nov 2026, 20:00 (Western European Time)');

    // Sunday noon: the enquiry of the rule off is overdue; Monday's is not even due soon.
    clock.set('2026-11-29T12:00:00.000Z');
    const stats = (await admin.get('/api/contacts/stats')).body.data;
    expect(stats).toMatchObject({ overdue: 1, due_soon: 0 }); // only the enquiry of the rule off
    // Monday 19:00: due soon; the list puts it first among the open ones.
    clock.set('2026-11-30T19:00:00.000Z');
    expect(
      (await admin.get('/api/contacts?reply=soon')).body.data.map((c: { id: number }) => c.id),
    ).toEqual([id]);
    const due = (await admin.get('/api/contacts?sort=due')).body.data.map(
      (c: { id: number }) => c.id,
    );
    expect(due).toEqual([before, id]);
  });

  it('follows the company’s time zone and holidays, as the settings say', async () => {
    const bad = await admin
      .put('/api/settings')
      .send({ reply_time_zone: 'Mars/Olympus', reply_holidays: ['12-25', '25/12'] })
      .expect(400);
    expect(bad.body.details).toEqual({
      reply_time_zone: 'This value is not valid here',
      reply_holidays: expect.stringMatching(/^Write each holiday/),
    });
    await admin
      .put('/api/settings')
      .send({ reply_time_zone: 'Europe/Berlin', reply_holidays: ['12-25', '2026-12-28'] })
      .expect(200);
    // Thursday 24 December, 18:00 in Berlin: Christmas, the weekend and the 28th do not count.
    clock.set('2026-12-24T17:00:00.000Z');
    const id = (await request(t.app).post('/api/contacts').send(enquiry('pt')).expect(201)).body
      .data.id;
    expect((await admin.get(`/api/contacts/${id}`)).body.data.due_at).toBe(
      '2026-12-29T17:00:00.000Z',
    );
    const auto = (await smtp.waitFor(2)).find((m) => m.envelope.to[0] === 'juergen.pt@fabrik.de')!;
    expect(auto.text).toContain(
      'responder-lhe-á pessoalmente até terça-feira, 29 de dezembro às 18:00 (Hora da Europa Central).',
    );
  });

  it('promises an enquiry of the weekend by the end of Monday, not "by Tuesday at 00:00"', async () => {
    // Saturday 28 November 2026, 13:00 in Berlin (the zone the test above set): Monday's 24
    // hours run out on Tuesday at 00:00 there.
    clock.set('2026-11-28T12:00:00.000Z');
    smtp.received.length = 0;
    const id = (
      await request(t.app)
        .post('/api/contacts')
        .send({ ...enquiry('en'), email: 'jane.weekend@example.com' })
        .expect(201)
    ).body.data.id;
    expect((await admin.get(`/api/contacts/${id}`)).body.data.due_at).toBe(
      '2026-11-30T23:00:00.000Z',
    );
    const mails = await smtp.waitFor(2);
    const auto = mails.find((m) => m.envelope.to[0] === 'jane.weekend@example.com')!;
    expect(auto.text).toContain(
      'One of our engineers will reply to you personally by the end of Monday 30 November (Central European Time).',
    );
    const alert = mails.find((m) => m.envelope.to[0] === 'sales@forge.example')!;
    expect(alert.text).toContain(
      'Reply by: End of Monday, 30 November 2026 (Central European Time)',
    );
    for (const mail of [auto, alert]) expect(mail.text).not.toMatch(/00:00|1 December/);
  });
});

describe.each(STORES)('reminders of replies due soon, on $name', ({ skip, open }) => {
  let store: TestStore;
  const now = new Date('2026-11-30T18:30:00.000Z');
  const HOUR = 3_600_000;
  /** One instance of the site: its own settings, mail service and reminder job on the shared store. */
  const instance = () => mailServicesOn(store, { clock: () => now }).reminders;

  beforeAll(async () => {
    if (!skip) store = await open();
  });
  afterAll(() => store?.destroy());

  async function enquiry(name: string, dueIn: number, extra: object = {}) {
    const [row] = await store
      .db('contacts')
      .insert({
        name,
        email: `${name.toLowerCase()}@example.de`,
        message: 'Bitte um ein Angebot.',
        language: 'de',
        read: false,
        spam: false,
        created_at: new Date(now.getTime() - 20 * HOUR).toISOString(),
        due_at: new Date(now.getTime() + dueIn * HOUR).toISOString(),
        ...extra,
      })
      .returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

  it.skipIf(skip)(
    'sends one reminder per enquiry, to its owner or the alert list, from one instance of several',
    async () => {
      const [user] = await store
        .db('users')
        .insert({
          username: 'marta',
          password_hash: 'x',
          role: 'sales',
          is_admin: true,
          email: 'marta@forge.example',
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .returning('id');
      const owner = Number(typeof user === 'object' ? user.id : user);
      await store.db('settings').insert({
        key: 'alert_emails_de',
        value: JSON.stringify(['kollege@forge.example']),
        updated_at: now.toISOString(),
      });
      const owned = await enquiry('Owned', 1.5, { assignee_id: owner });
      const open = await enquiry('Open', 1);
      await enquiry('Later', 3);
      await enquiry('Answered', 1, { replied_at: now.toISOString() });
      await enquiry('Junk', 1, { spam: true });
      await enquiry('Stale', -30);

      const reminded = await Promise.all([
        instance().runOnce(),
        instance().runOnce(),
        instance().runOnce(),
      ]);
      expect(reminded.reduce((a, b) => a + b, 0)).toBe(2);
      const rows = await store
        .db('mail_outbox')
        .where({ kind: 'reminder' })
        .orderBy('recipient')
        .select('contact_id', 'recipient');
      expect(rows).toEqual([
        { contact_id: open, recipient: 'kollege@forge.example' },
        { contact_id: owned, recipient: 'marta@forge.example' },
        { contact_id: open, recipient: 'sales@forge.example' },
      ]);
      const content = JSON.parse(
        (
          await store
            .db('mail_outbox')
            .where({ kind: 'reminder', contact_id: owned })
            .first('content')
        ).content,
      );
      expect(content.subject).toBe('Reply due soon: enquiry from Owned');
      // Looked at again a minute later: nothing more.
      expect(await instance().runOnce()).toBe(0);
    },
  );
});
