import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailWorker } from '../../../tests/support/mail';
import {
  startSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from '../../../tests/support/smtp-server';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { MailWorker } from './mail.worker';
import { QUOTED_CHARS } from './templates/auto-reply';

/**
 * The contact form is no mail cannon: enquiries naming someone else's
 * address, from two addresses within seconds, through the real app, its
 * worker and a real SMTP server on 127.0.0.1.
 */
let smtp: TestSmtpServer;
let t: TestApp;
let worker: MailWorker;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    NOTIFY_EMAIL: 'sales@forge.example, ops@forge.example',
    PUBLIC_URL: 'https://www.forge.example',
  });
  worker = startMailWorker(t);
});
afterAll(async () => {
  await worker.stop();
  await t.destroy();
  await smtp.close();
});

const to = (mail: ReceivedMail) => mail.envelope.to.join(',');
const VICTIM = 'someone.else@example.org';
/** A long text whose link only comes after the part an auto-reply may quote. */
const LONG =
  Array.from(
    { length: 8 },
    (_, i) => `Point ${i + 1}: we would like to discuss line ${i + 1} of our plant.`,
  ).join(' ') + ' Visit https://spam.example/offer now.';

describe('auto-replies to one address', () => {
  it('go out once a day however many enquiries name it; each enquiry is stored and alerted', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const from = i % 2 === 0 ? '198.51.100.31' : '203.0.113.32';
      const res = await request(t.app)
        .post('/api/contacts')
        .set('X-Forwarded-For', from)
        .send({
          name: 'Hannah Weber',
          // The same mailbox however it is written.
          email: [VICTIM, 'Someone.Else@Example.org', 'someone.else+7@example.org'][i % 3],
          message: `${LONG} (${i})`,
        })
        .expect(201);
      ids.push(res.body.data.id);
    }
    const mails = await smtp.waitFor(15);
    await new Promise((r) => setTimeout(r, 500));
    const replies = smtp.received.filter((m) => to(m).toLowerCase().includes('someone.else'));
    expect(replies).toHaveLength(1);
    expect(mails.filter((m) => to(m) === 'sales@forge.example')).toHaveLength(7);
    expect(mails.filter((m) => to(m) === 'ops@forge.example')).toHaveLength(7);
    expect(smtp.received).toHaveLength(15);
    expect(await t.db('contacts').whereIn('id', ids).count({ n: '*' }).first()).toMatchObject({
      n: 7,
    });
  });

  it('quote at most the first 200 characters of the message, as plain text', async () => {
    const reply = smtp.received.find((m) => to(m).toLowerCase().includes('someone.else'))!;
    const quoted = /^> (.*)$/m.exec(reply.text)![1]!;
    expect(quoted.endsWith('…')).toBe(true);
    const start = quoted.slice(0, -1);
    expect(LONG.startsWith(start)).toBe(true);
    expect([...start].length).toBeLessThanOrEqual(QUOTED_CHARS);
    expect([...start].length).toBeGreaterThan(QUOTED_CHARS - 30);
    expect(reply.html).toContain(`${start}…`);
    for (const part of [reply.text, reply.html]) {
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('Point 5:');
    }
    expect(reply.html).not.toMatch(/<a [^>]*spam/);
    // The staff read it all.
    const alert = smtp.received.find((m) => to(m) === 'sales@forge.example')!;
    expect(alert.text).toContain('https://spam.example/offer');
  });
});
