import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FAST_TIMING, outboxRows, outboxSettled } from '../../../tests/support/mail';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
} from '../../../tests/support/postgres';
import { startSmtpServer, type ReceivedMail } from '../../../tests/support/smtp-server';
import { createTestApp, signedIn } from '../../../tests/support/test-app';
import { createMailWorker } from './mail.worker';
import { messageId } from './outbox-delivery';
import { createOutboxLeases } from './outbox-leases.repo';
import type { MailContent } from './outbox.repo';
import { createSmtpTransport, type MailTransport } from './smtp-transport';

/**
 * An enquiry moved into the spam folder and straight back while the worker
 * hands one of its e-mails to the mail server, or after a worker died doing
 * so: that e-mail goes out once (a crash may repeat it, with the same
 * Message-ID), and moving it back queues no second copy. The real app, its
 * outbox, the worker and a real SMTP server; only the moment is arranged, by
 * holding the one delivery until the enquiry has moved, or by claiming and
 * sending a row as the dead worker did.
 */

/** Ana's enquiry through the API, answered 201: its id. */
async function postEnquiry(app: Parameters<typeof request>[0]): Promise<number> {
  const res = await request(app)
    .post('/api/contacts')
    .send({
      name: 'Ana Silva',
      email: 'ana@example.pt',
      message: 'We need a quote for two welding cells.',
    })
    .expect(201);
  return (res.body.data as { id: number }).id;
}

/** The real SMTP transport, holding the first message to `address` until `release()`. */
function holding(url: string, address: string) {
  const smtp = createSmtpTransport(url);
  let entered!: () => void;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (entered = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  let armed = true;
  const transport: MailTransport = {
    async send(message) {
      if (armed && message.to === address) {
        armed = false;
        entered();
        await gate;
      }
      await smtp.send(message);
    },
    close: smtp.close,
  };
  return { transport, held, release };
}

const to = (mail: ReceivedMail) => mail.envelope.to.join(',');

async function spamAndBackWhileSending(env: Record<string, string>, address: string) {
  const smtp = await startSmtpServer();
  const t = await createTestApp({
    ...env,
    RATE_LIMIT_CONTACT: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    NOTIFY_EMAIL: 'sales@forge.example, ops@forge.example',
  });
  const { transport, held, release } = holding(smtp.url, address);
  const worker = createMailWorker({
    db: t.db,
    mail: t.config.mail!,
    logger: t.logger,
    signal: t.outboxSignal,
    transport,
    timing: FAST_TIMING,
  });
  try {
    const admin = await signedIn(t.app);
    worker.start();
    const id = await postEnquiry(t.app);
    await held;
    await admin.put(`/api/contacts/${id}/spam`).send({ spam: true }).expect(200);
    await admin.put(`/api/contacts/${id}/spam`).send({ spam: false }).expect(200);
    release();
    await smtp.waitFor(3);
    await outboxSettled(t);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.map(to).sort()).toEqual([
      'ana@example.pt',
      'ops@forge.example',
      'sales@forge.example',
    ]);
    // The auto-reply that went out still holds its address for the day.
    expect(await t.db('auto_reply_claims').select('contact_id')).toEqual([{ contact_id: id }]);
  } finally {
    await worker.stop();
    await t.destroy();
    await smtp.close();
  }
}

/**
 * A worker hands the staff alert to the mail server, which accepts it, and
 * the process dies before the row is marked sent. The crash leaves the row
 * as a claim does: pending, one attempt, the dead worker's lease (run out by
 * now), no `sent_at` and no `message_id`: nothing tells it from a claim that
 * died before the server took the message. The enquiry then goes into the
 * spam folder and back before a worker picks the row up again.
 */
async function spamAndBackAfterACrash(env: Record<string, string>) {
  const smtp = await startSmtpServer();
  const t = await createTestApp({
    ...env,
    RATE_LIMIT_CONTACT: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    NOTIFY_EMAIL: 'sales@forge.example',
  });
  const mail = t.config.mail!;
  const worker = createMailWorker({
    db: t.db,
    mail,
    logger: t.logger,
    signal: t.outboxSignal,
    timing: FAST_TIMING,
  });
  try {
    const admin = await signedIn(t.app);
    const id = await postEnquiry(t.app);

    // The worker that crashed: claimed the alert (the first row due), sent it, died.
    const now = Date.now();
    const claimed = await createOutboxLeases(t.db).claim(
      'crashed-worker',
      new Date(now).toISOString(),
      new Date(now + 200).toISOString(),
    );
    expect(claimed?.kind).toBe('staff-alert');
    const sentWith = messageId(claimed!, mail.from.address);
    const smtpTransport = createSmtpTransport(mail.smtpUrl);
    await smtpTransport.send({
      ...(claimed!.content as MailContent),
      from: mail.from,
      to: claimed!.recipient,
      messageId: sentWith,
    });
    smtpTransport.close();
    await smtp.waitFor(1);
    expect(await t.db('mail_outbox').where({ id: claimed!.id }).first()).toMatchObject({
      status: 'pending',
      attempts: 1,
      lease_owner: 'crashed-worker',
      sent_at: null,
      message_id: null,
    });
    await new Promise((r) => setTimeout(r, 300)); // the dead worker's lease runs out

    await admin.put(`/api/contacts/${id}/spam`).send({ spam: true }).expect(200);
    await admin.put(`/api/contacts/${id}/spam`).send({ spam: false }).expect(200);

    // The site is back: its worker finishes the outbox.
    worker.start();
    await outboxSettled(t);
    await new Promise((r) => setTimeout(r, 300));
    const alerts = smtp.received.filter((m) => to(m) === 'sales@forge.example');
    // One alert for this enquiry: the crash may repeat that very message (same Message-ID,
    // docs/api.md "E-mail"), but moving the enquiry out of spam queues no second one.
    expect(alerts.map((m) => m.header('message-id'))).toEqual([sentWith, sentWith]);
    const rows = await outboxRows(t);
    expect(rows.filter((r) => r.kind === 'staff-alert').map((r) => r.id)).toEqual([claimed!.id]);
    // What had certainly not gone out (the auto-reply) was dropped and is sent once, on the way back.
    expect(smtp.received.filter((m) => to(m) === 'ana@example.pt')).toHaveLength(1);
  } finally {
    await worker.stop();
    await t.destroy();
    await smtp.close();
  }
}

/** Each case on a database of its own (the first one's auto-reply holds the address for a day). */
function spamWhileSending(
  database: () => Promise<{ env: Record<string, string>; stop?(): Promise<void> }>,
) {
  const run = async (address: string) => {
    const { env, stop } = await database();
    try {
      await spamAndBackWhileSending(env, address);
    } finally {
      await stop?.();
    }
  };

  it('the staff alert being sent goes out once, to each address; the auto-reply once', () =>
    run('sales@forge.example'));

  it('the auto-reply being sent goes out once and keeps its address', () => run('ana@example.pt'));

  it('after a crash between the server accepting the alert and the row marked sent, no second alert', async () => {
    const { env, stop } = await database();
    try {
      await spamAndBackAfterACrash(env);
    } finally {
      await stop?.();
    }
  });
}

describe('into spam and back while its mail is being sent, on SQLite', () => {
  spamWhileSending(async () => ({ env: {} }));
});

describe.skipIf(!postgresAvailable)(
  `into spam and back while its mail is being sent, on PostgreSQL${postgresUnavailable ? ` — skipped: ${postgresUnavailable}` : ''}`,
  () => {
    spamWhileSending(async () => {
      const pg = (await startPostgres())!;
      return { env: { DATABASE_URL: pg.url }, stop: () => pg.stop() };
    });
  },
);
