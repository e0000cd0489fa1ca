import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENUINE } from '../../../tests/support/enquiry-examples';
import { outboxRows, startMailWorker, until } from '../../../tests/support/mail';
import {
  startSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from '../../../tests/support/smtp-server';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';
import type { MailWorker } from './mail.worker';

/**
 * Enquiry e-mail end to end: the real app, its outbox on a real SQLite file,
 * the worker, nodemailer, and a real SMTP server on 127.0.0.1.
 */
let smtp: TestSmtpServer;
let t: TestApp;
let worker: MailWorker;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    RATE_LIMIT_CONTACT: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    NOTIFY_EMAIL: 'sales@forge.example, ops@forge.example',
    PUBLIC_URL: 'https://www.forge.example',
  });
  admin = await signedIn(t.app);
  worker = startMailWorker(t);
});
afterAll(async () => {
  await worker.stop();
  await t.destroy();
  await smtp.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  // Each test answers ana@example.pt afresh (one auto-reply per address a day: mail.worker.auto-reply-limit.test.ts).
  await t.db('auto_reply_claims').delete();
});

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: 'Metalúrgica do Norte',
  message: 'We need a quote for two welding cells.\nOur line runs 2 shifts.',
};
const submit = (body: object) => request(t.app).post('/api/contacts').send(body).expect(201);
const to = (mail: ReceivedMail) => mail.envelope.to.join(',');
const byRecipient = (mails: ReceivedMail[], address: string) =>
  mails.find((m) => to(m) === address)!;

describe('a stored enquiry', () => {
  it('alerts every NOTIFY_EMAIL address, Reply-To the visitor, with both parts and an admin link', async () => {
    const id = (await submit(enquiry)).body.data.id;
    const mails = await smtp.waitFor(3);
    expect(mails.map(to).sort()).toEqual([
      'ana@example.pt',
      'ops@forge.example',
      'sales@forge.example',
    ]);
    const alert = byRecipient(mails, 'sales@forge.example');
    expect(alert.envelope.from).toBe('hello@forge.example');
    expect(alert.header('from')).toBe('Forge Industrial <hello@forge.example>');
    expect(alert.header('to')).toBe('sales@forge.example');
    expect(alert.header('reply-to')).toBe('Ana Silva <ana@example.pt>');
    expect(alert.subject).toBe('New enquiry from Ana Silva (Metalúrgica do Norte)');
    expect(alert.header('auto-submitted')).toBeUndefined();
    expect(alert.header('message-id')).toMatch(/^<enquiry-mail\.\d+\.\d+@forge\.example>$/);
    expect(alert.user).toBe('mailer');

    expect(alert.text).toContain(
      '> We need a quote for two welding cells.\n> Our line runs 2 shifts.',
    );
    expect(alert.text).toContain('E-mail: ana@example.pt');
    expect(alert.text).toContain(`https://www.forge.example/admin?tab=contacts&contact=${id}`);
    expect(alert.html).toContain(
      'We need a quote for two welding cells.<br>Our line runs 2 shifts.',
    );
    expect(alert.html).toContain(
      `href="https://www.forge.example/admin?tab=contacts&amp;contact=${id}"`,
    );
    expect(alert.html).toContain('Metalúrgica do Norte');
  });

  it('confirms receipt to the visitor: the 24-hour promise, their message quoted, the company details', async () => {
    await submit({ ...enquiry, language: 'en' });
    const reply = byRecipient(await smtp.waitFor(3), 'ana@example.pt');
    expect(reply.header('auto-submitted')).toBe('auto-replied');
    expect(reply.header('x-auto-response-suppress')).toBe('All');
    expect(reply.header('reply-to')).toBeUndefined();
    expect(reply.subject).toBe('We have received your enquiry – Forge Industrial');
    expect(reply.text).toContain('Dear Ana Silva,');
    expect(reply.text).toContain('within 24 hours');
    expect(reply.text).toContain('> We need a quote for two welding cells.');
    for (const detail of [
      '+351 220 145 870',
      'business@forge-industrial.pt',
      'Rua de Santa Catarina 1120',
      '4000-447 Porto',
    ]) {
      expect(reply.text).toContain(detail);
      expect(reply.html).toContain(detail);
    }
    expect(reply.html).toContain('href="https://www.forge.example/"');
    expect(reply.html).toContain('href="https://www.forge.example/privacy"');
  });

  it('sends the visitor’s answer to the confirmation to the team address of the settings, when set', async () => {
    await admin.put('/api/settings').send({ reply_to_email: 'team@forge.example' }).expect(200);
    try {
      await submit({ ...enquiry, language: 'de' });
      const reply = byRecipient(await smtp.waitFor(3), 'ana@example.pt');
      expect(reply.header('auto-submitted')).toBe('auto-replied');
      expect(reply.header('reply-to')).toBe('Forge Industrial <team@forge.example>');
      // Staff alerts still answer the visitor.
      expect(byRecipient(smtp.received, 'sales@forge.example').header('reply-to')).toBe(
        'Ana Silva <ana@example.pt>',
      );
    } finally {
      await admin.put('/api/settings').send({ reply_to_email: '' }).expect(200);
    }
  });

  it.each([
    ['en', 'We have received your enquiry – Forge Industrial', 'Dear', 'within 24 hours'],
    [
      'pt',
      'Recebemos o seu pedido de contacto – Forge Industrial',
      'Caro(a)',
      'no prazo de 24 horas',
    ],
    [
      'de',
      'Wir haben Ihre Anfrage erhalten – Forge Industrial',
      'Guten Tag',
      'innerhalb von 24 Stunden',
    ],
  ] as const)(
    'answers in the language of the enquiry (%s)',
    async (language, subject, greeting, promise) => {
      const example = GENUINE[language][0]!;
      await submit({ ...example, email: `visitor-${language}@example.com`, language });
      const reply = byRecipient(await smtp.waitFor(3), `visitor-${language}@example.com`);
      expect(reply.subject).toBe(subject);
      expect(reply.text).toContain(`${greeting} ${example.name},`);
      expect(reply.text).toContain(promise);
      expect(reply.text).toContain(`> ${example.message}`);
      expect(reply.html).toContain(`<html lang="${language}">`);
      if (language !== 'en')
        expect(reply.html).toContain(`href="https://www.forge.example/?lang=${language}"`);
    },
  );

  it.each([
    // What Chrome sends for ivan@пример.рф: the domain in its ASCII (xn--) form. It goes out so;
    // the test server (smtp-server) reads the envelope's domain back as Unicode.
    ['ivan@xn--e1afmkfd.xn--p1ai', 'ivan@xn--e1afmkfd.xn--p1ai', 'ivan@пример.рф'],
  ])(
    'answers %s and alerts Reply-To it, as the form accepted it',
    async (email, address, envelope) => {
      await submit({ ...enquiry, email });
      const mails = await smtp.waitFor(3);
      expect(mails.map(to).sort()).toEqual([envelope, 'ops@forge.example', 'sales@forge.example']);
      const reply = byRecipient(mails, envelope);
      expect(reply.header('to')).toBe(address);
      expect(reply.header('auto-submitted')).toBe('auto-replied');
      expect(byRecipient(mails, 'sales@forge.example').header('reply-to')).toBe(
        `Ana Silva <${address}>`,
      );
    },
  );

  it('quotes markup as text: nothing the visitor typed becomes HTML', async () => {
    const message = 'Price <b>now</b>? <img src=x onerror=alert(1)> & "quotes"';
    await submit({ ...enquiry, name: 'Ana <i>Silva</i>', message });
    const mails = await smtp.waitFor(3);
    for (const mail of mails) {
      expect(mail.html).not.toMatch(/<b>now|<img|<i>Silva/);
      expect(mail.html).toContain(
        'Price &lt;b&gt;now&lt;/b&gt;? &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;',
      );
      expect(mail.text).toContain(message);
    }
  });
});

describe('header injection', () => {
  it('refuses CR/LF in the name and company (single-line fields), so nothing reaches a header', async () => {
    const res = await request(t.app)
      .post('/api/contacts')
      .send({
        ...enquiry,
        name: 'Ana\r\nBcc: victim@evil.example',
        company: 'ACME\nX-Injected: yes',
      })
      .expect(400);
    expect(Object.keys(res.body.details).sort()).toEqual(['company', 'name']);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toEqual([]);
  });

  it('refuses a line break or a comma in the e-mail address, so no odd address becomes a recipient', async () => {
    await request(t.app)
      .post('/api/contacts')
      .send({ ...enquiry, email: 'ana@example.pt\r\nBcc: victim@evil.example' })
      .expect(400);
    await request(t.app)
      .post('/api/contacts')
      .send({ ...enquiry, email: 'victim,ana@example.pt' })
      .expect(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toEqual([]);
  });
});

describe('nothing is sent', () => {
  it('for invalid, honeypot or spam submissions', async () => {
    await request(t.app)
      .post('/api/contacts')
      .send({ ...enquiry, email: 'nope' })
      .expect(400);
    await submit({ ...enquiry, extra_comment: 'http://bot.example' });
    const spam = await submit({
      ...enquiry,
      message: 'http://spam.example/buy http://spam.example/now',
    });
    await submit({ ...enquiry, name: 'After them', email: 'after@example.com' });
    await smtp.waitFor(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.map(to).sort()).toEqual([
      'after@example.com',
      'ops@forge.example',
      'sales@forge.example',
    ]);
    const rows = await outboxRows(t);
    expect(rows.filter((r) => r.contact_id === spam.body.data.id)).toEqual([]);
  });

  it('until an enquiry is moved out of the spam folder: then the alert (and the auto-reply, within 24 h)', async () => {
    const { id } = (await submit({ ...enquiry, message: 'https://www.metalurgia-norte.pt' })).body
      .data;
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received).toEqual([]);
    await admin.put(`/api/contacts/${id}/spam`).send({ spam: false }).expect(200);
    const mails = await smtp.waitFor(3);
    expect(mails.map(to).sort()).toEqual([
      'ana@example.pt',
      'ops@forge.example',
      'sales@forge.example',
    ]);
    expect(byRecipient(mails, 'sales@forge.example').text).toContain(
      'https://www.metalurgia-norte.pt',
    );
  });
});

describe('GET /api/mail/status', () => {
  it('shows e-mail on, the queue drained and the last delivery, never the credentials', async () => {
    await submit(enquiry);
    await smtp.waitFor(3);
    const status = await until(
      async () => (await admin.get('/api/mail/status').expect(200)).body.data,
      (s) => s.pending === 0,
    );
    expect(status).toMatchObject({
      enabled: true,
      auto_reply: true,
      notify: 2,
      pending: 0,
      failed: 0,
      failing: false,
    });
    expect(Date.parse(status.last_delivery_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(status)).not.toContain('secret-pass-123');
  });
});
