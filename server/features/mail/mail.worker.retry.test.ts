import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxRows, outboxSettled, startMailWorker, until } from '../../../tests/support/mail';
import {
  closedPort,
  startSmtpServer,
  type TestSmtpServer,
} from '../../../tests/support/smtp-server';
import {
  createTestApp,
  signedIn,
  tempDataDir,
  type TestApp,
} from '../../../tests/support/test-app';
import { createOutboxLeases } from './outbox-leases.repo';

/**
 * Nothing is lost while the mail server is down: the visitor's submit does
 * not wait for it, the worker retries (back-off capped, here at 400 ms),
 * across a restart too, and delivers each message once when it is back.
 */
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  message: 'We need a quote for two welding cells.',
};

function env(port: number, extra: Record<string, string> = {}) {
  return {
    RATE_LIMIT_CONTACT: '0',
    SMTP_URL: `smtp://mailer:secret-pass-123@127.0.0.1:${port}/`,
    MAIL_FROM: 'hello@forge.example',
    NOTIFY_EMAIL: 'sales@forge.example',
    PUBLIC_URL: 'https://www.forge.example',
    ...extra,
  };
}

async function app(port: number, dataDir = tempDataDir(), extra: Record<string, string> = {}) {
  const t = await createTestApp(env(port, extra), dataDir);
  const worker = startMailWorker(t);
  return { t, worker, stop: async () => (await worker.stop(), await t.close()) };
}

async function server(port?: number): Promise<TestSmtpServer> {
  const smtp = await startSmtpServer({ port });
  cleanup.push(() => smtp.close());
  return smtp;
}

const submit = (t: TestApp, body: object = enquiry) =>
  request(t.app).post('/api/contacts').send(body).expect(201);
const status = async (t: TestApp) =>
  (await (await signedIn(t.app)).get('/api/mail/status').expect(200)).body.data;

describe('with the mail server down', () => {
  it('stores the enquiry at once, retries with capped back-off, and delivers once it is back', async () => {
    const port = await closedPort();
    const { t, stop } = await app(port);
    cleanup.push(() => t.destroy(), stop);

    await submit(t);
    await submit(t, { ...enquiry, name: 'Second visitor', email: 'second@example.com' });
    const rows = await until(
      () => outboxRows(t),
      (r) => r[0]!.attempts >= 4,
    );
    // The first due message probes the server; the others wait for it rather than each retrying.
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(rows.slice(1).every((r) => r.attempts <= 1)).toBe(true);
    expect(rows[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
    const retry = await t.db('mail_outbox').where({ id: rows[0]!.id }).first();
    const wait =
      Date.parse(String(retry.next_attempt_at)) - Date.parse(String(retry.last_error_at));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(400);

    const failing = await status(t);
    expect(failing).toMatchObject({
      enabled: true,
      pending: 4,
      failed: 0,
      failing: true,
      last_delivery_at: null,
    });
    // A code the admin words in its reader's language, not the mail library's English.
    expect(failing.last_failure.error).toEqual({
      code: 'connection',
      values: { detail: 'ECONNREFUSED' },
    });
    expect(JSON.stringify(failing)).not.toContain('secret-pass-123');

    const smtp = await server(port);
    const mails = await smtp.waitFor(4, 5_000);
    expect(mails.map((m) => m.envelope.to[0]).sort()).toEqual([
      'ana@example.pt',
      'sales@forge.example',
      'sales@forge.example',
      'second@example.com',
    ]);
    await new Promise((r) => setTimeout(r, 600));
    expect(smtp.received).toHaveLength(4);
    expect(new Set(mails.map((m) => m.header('message-id'))).size).toBe(4);
    expect(await status(t)).toMatchObject({ pending: 0, failing: false });
  });

  it('keeps the queue across a restart: the next process delivers what the last could not', async () => {
    const port = await closedPort();
    const dataDir = tempDataDir();
    const first = await app(port, dataDir);
    await submit(first.t);
    await until(
      () => outboxRows(first.t),
      (r) => r.length === 2 && r[0]!.attempts >= 1,
    );
    await first.stop();

    const smtp = await server(port);
    const second = await app(port, dataDir);
    cleanup.push(() => second.t.destroy(), second.stop);
    const mails = await smtp.waitFor(2, 5_000);
    expect(mails.map((m) => m.envelope.to[0]).sort()).toEqual([
      'ana@example.pt',
      'sales@forge.example',
    ]);
    await until(
      () => outboxRows(second.t),
      (r) => r.every((row) => row.status === 'sent'),
    );
  });
});

describe('a crash in the middle of a send', () => {
  it('repeats that message after its lease runs out, with the same Message-ID, and loses nothing', async () => {
    const smtp = await server();
    const { t, worker, stop } = await app(smtp.port);
    cleanup.push(() => t.destroy(), stop);
    await worker.stop();

    await submit(t, { ...enquiry, email: 'crash@example.com' });
    // A worker that claimed the alert and died before marking it sent.
    const leases = createOutboxLeases(t.db);
    const now = Date.now();
    const claimed = await leases.claim(
      'crashed-worker',
      new Date(now).toISOString(),
      new Date(now + 500).toISOString(),
    );
    expect(claimed?.kind).toBe('staff-alert');

    const restarted = startMailWorker(t);
    cleanup.push(() => restarted.stop());
    const first = await smtp.waitFor(1, 3_000);
    expect(first[0]!.envelope.to).toEqual(['crash@example.com']);
    const both = await smtp.waitFor(2, 5_000);
    expect(both[1]!.envelope.to).toEqual(['sales@forge.example']);
    expect(both[1]!.header('message-id')).toMatch(new RegExp(`^<enquiry-mail\\.${claimed!.id}\\.`));
  });
});

describe('a permanent (5xx) refusal', () => {
  it('is recorded as failed, not retried, and shown by the mail status', async () => {
    const smtp = await startSmtpServer({
      rejectRecipients: new Map([['gone@forge.example', 550]]),
    });
    cleanup.push(() => smtp.close());
    const { t, stop } = await app(smtp.port, tempDataDir(), {
      NOTIFY_EMAIL: 'gone@forge.example, sales@forge.example',
      AUTO_REPLY: 'false',
    });
    cleanup.push(() => t.destroy(), stop);

    await submit(t);
    await smtp.waitFor(1);
    const rows = await outboxSettled(t);
    expect(rows.map((r) => [r.recipient, r.status, r.attempts])).toEqual([
      ['gone@forge.example', 'failed', 1],
      ['sales@forge.example', 'sent', 1],
    ]);
    const shown = await status(t);
    expect(shown).toMatchObject({ pending: 0, failed: 1 });
    expect(shown.last_failure.error).toEqual({
      code: 'recipient',
      values: { status: 550, address: 'gone@forge.example' },
    });
    // The same in English, for a desktop app older than the codes.
    expect(shown.last_failure.message).toBe(
      'The mail server refused the address gone@forge.example with code 550',
    );
    await new Promise((r) => setTimeout(r, 600));
    expect((await outboxRows(t))[0]!.attempts).toBe(1);
  });

  it('retries a temporary (4xx) refusal of one recipient until it is accepted', async () => {
    const busy = new Map([['sales@forge.example', 450]]);
    const smtp = await startSmtpServer({ rejectRecipients: busy });
    cleanup.push(() => smtp.close());
    const { t, stop } = await app(smtp.port, tempDataDir(), { AUTO_REPLY: 'false' });
    cleanup.push(() => t.destroy(), stop);
    await submit(t);
    await until(
      () => outboxRows(t),
      (r) => r[0]!.attempts >= 2,
    );
    busy.clear();
    await smtp.waitFor(1, 3_000);
    const [row] = await until(
      () => outboxRows(t),
      (r) => r[0]!.status === 'sent',
    );
    expect(row!.last_error).toMatch(/450/);
  });
});
