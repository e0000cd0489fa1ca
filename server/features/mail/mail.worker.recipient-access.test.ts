import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailServicesOn } from '../../../tests/support/mail-services';
import { deliverAll } from '../../../tests/support/mail';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
} from '../../../tests/support/postgres';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import {
  createAccount,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../../tests/support/test-app';

/**
 * Mail queued for a colleague because of their role (the notice of an
 * enquiry given to them, the reminder of one they own, both holding the
 * visitor's name, address and message) goes out only if, when the worker
 * comes to it, their account still exists, is active and its role still
 * handles enquiries: one demoted, deactivated or deleted meanwhile gets
 * nothing, and the row says why. The real app and its worker, the outbox on
 * a real database, a real SMTP server on 127.0.0.1; the worker is started
 * only once the mail is queued and the account changed.
 */
function recipientChecks(
  database: () => Promise<{ env: Record<string, string>; stop?(): Promise<void> }>,
) {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let stopDatabase: (() => Promise<void>) | undefined;
  let n = 0;

  beforeAll(async () => {
    const { env, stop } = await database();
    stopDatabase = stop;
    smtp = await startSmtpServer();
    t = await createTestApp({
      ...env,
      RATE_LIMIT_CONTACT: '0',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Forge Industrial <hello@forge.example>',
      NOTIFY_EMAIL: 'team@forge.example',
      AUTO_REPLY: 'false',
      PUBLIC_URL: 'https://www.forge.example',
    });
    admin = await signedIn(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.destroy();
    await smtp?.close();
    await stopDatabase?.();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });

  /** A sales colleague with an address of their own: their account's id and address. */
  async function colleague(role: 'sales' | 'admin' = 'sales') {
    n += 1;
    const username = `colleague-${n}`;
    const email = `colleague-${n}@forge.example`;
    await createAccount(t, role, username);
    await t.db('users').where({ username }).update({ email });
    const id = Number((await t.db('users').where({ username }).first('id')).id);
    return { id, email };
  }

  /** Ana's enquiry, through the API: its id. */
  async function enquiry(): Promise<number> {
    const res = await request(t.app)
      .post('/api/contacts')
      .send({
        name: 'Ana Silva',
        email: 'ana@example.pt',
        message: 'We need a quote for two welding cells.',
      })
      .expect(201);
    return (res.body.data as { id: number }).id;
  }

  const to = (address: string) => smtp.received.filter((m) => m.envelope.to.includes(address));

  /** Gives Ana's enquiry to `owner` (the notice is queued, not sent: no worker runs). */
  async function assigned(owner: { id: number; email: string }) {
    const id = await enquiry();
    await admin.put(`/api/contacts/${id}/assignee`).send({ user_id: owner.id }).expect(200);
    const row = await t.db('mail_outbox').where({ kind: 'assigned', contact_id: id }).first();
    expect(row).toMatchObject({ recipient: owner.email, status: 'pending' });
    return id;
  }

  const notice = async (address: string) =>
    t.db('mail_outbox').where({ kind: 'assigned', recipient: address }).first();

  it('the notice of an assignment does not reach a colleague demoted to editor since', async () => {
    const marta = await colleague();
    await assigned(marta);
    await admin.put(`/api/users/${marta.id}`).send({ role: 'editor' }).expect(200);
    await deliverAll(t);
    expect(to(marta.email)).toEqual([]);
    expect(await notice(marta.email)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'recipient-role',
    });
    // The alert to NOTIFY_EMAIL, an address and not an account, went as ever.
    expect(to('team@forge.example')).toHaveLength(1);
  });

  it('nor one deactivated since', async () => {
    const marta = await colleague();
    await assigned(marta);
    await admin.put(`/api/users/${marta.id}`).send({ active: false }).expect(200);
    await deliverAll(t);
    expect(to(marta.email)).toEqual([]);
    expect(await notice(marta.email)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'recipient-deactivated',
    });
  });

  it('nor one whose account was deleted since', async () => {
    const marta = await colleague();
    await assigned(marta);
    await admin.delete(`/api/users/${marta.id}`).expect(200);
    await deliverAll(t);
    expect(to(marta.email)).toEqual([]);
    expect(await notice(marta.email)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'recipient-deleted',
    });
  });

  it('reaches a colleague who still handles enquiries (made admin meanwhile too)', async () => {
    const [marta, rui] = [await colleague(), await colleague()];
    await assigned(marta);
    await assigned(rui);
    await admin.put(`/api/users/${rui.id}`).send({ role: 'admin' }).expect(200);
    await deliverAll(t);
    expect(to(marta.email).map((m) => m.subject)).toEqual([expect.stringContaining('Ana Silva')]);
    expect(to(rui.email)).toHaveLength(1);
    expect(await notice(marta.email)).toMatchObject({ status: 'sent', cancel_reason: null });
    expect(await notice(rui.email)).toMatchObject({ status: 'sent', cancel_reason: null });
  });

  it('the reminder of an enquiry does not reach its owner deactivated since', async () => {
    const marta = await colleague();
    const id = await enquiry();
    await deliverAll(t); // the alert of the enquiry goes out first
    smtp.received.length = 0;
    const now = new Date();
    await t
      .db('contacts')
      .where({ id })
      .update({
        assignee_id: marta.id,
        due_at: new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
      });
    const { reminders } = mailServicesOn(t, {
      clock: () => now,
      env: { SMTP_URL: smtp.url, NOTIFY_EMAIL: 'team@forge.example' },
    });
    expect(await reminders.runOnce()).toBe(1);
    const reminder = () => t.db('mail_outbox').where({ kind: 'reminder', contact_id: id }).first();
    expect(await reminder()).toMatchObject({ recipient: marta.email, status: 'pending' });

    await admin.put(`/api/users/${marta.id}`).send({ active: false }).expect(200);
    await deliverAll(t);
    expect(smtp.received).toEqual([]);
    expect(await reminder()).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'recipient-deactivated',
    });
    // The enquiry went back to nobody with Marta's change, and is no longer marked reminded:
    // the next look reminds the team of it, where it would otherwise be reminded of no more.
    expect(await t.db('contacts').where({ id }).first('assignee_id', 'reminded_at')).toEqual({
      assignee_id: null,
      reminded_at: null,
    });
    expect(await reminders.runOnce()).toBe(1);
    await deliverAll(t);
    expect(to(marta.email)).toEqual([]);
    expect(to('team@forge.example').map((m) => m.subject)).toEqual([
      expect.stringContaining('Ana Silva'),
    ]);
  });

  it('the admin’s mail status counts the cancelled mail by its reason, apart from failures', async () => {
    const status = (await admin.get('/api/mail/status').expect(200)).body.data;
    expect(status).toMatchObject({
      failed: 0,
      failing: false,
      cancelled: 4,
      cancel_reasons: {
        'recipient-deleted': 1,
        'recipient-deactivated': 2,
        'recipient-role': 1,
      },
    });
  });
}

describe('mail to a colleague because of their role, checked when it is sent, on SQLite', () => {
  recipientChecks(async () => ({ env: {} }));
});

describe.skipIf(!postgresAvailable)(
  `mail to a colleague because of their role, checked when it is sent, on PostgreSQL${postgresUnavailable ? ` — skipped: ${postgresUnavailable}` : ''}`,
  () => {
    recipientChecks(async () => {
      const pg = (await startPostgres())!;
      return { env: { DATABASE_URL: pg.url }, stop: () => pg.stop() };
    });
  },
);
