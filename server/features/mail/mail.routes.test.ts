import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

/** Who the status says gets the alerts: NOTIFY_EMAIL, else the alert lists of the settings. */
describe('GET /api/mail/status without NOTIFY_EMAIL', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await createTestApp({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Forge Industrial <hello@forge.example>',
    });
    admin = await signedIn(t.app);
  });
  afterAll(() => t.destroy());

  const status = async () => (await admin.get('/api/mail/status').expect(200)).body.data;

  it('counts the alert list of each language, whoever is on it', async () => {
    expect(await status()).toMatchObject({ notify: 0, alert_recipients: { en: 0, pt: 0, de: 0 } });
    await admin
      .put('/api/settings')
      .send({
        alert_emails_pt: ['vendas@forge.example', 'ana@forge.example'],
        alert_emails_de: ['vertrieb@forge.example'],
      })
      .expect(200);
    expect(await status()).toMatchObject({ notify: 0, alert_recipients: { en: 0, pt: 2, de: 1 } });
  });
});

describe('GET /api/mail/status with NOTIFY_EMAIL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Forge Industrial <hello@forge.example>',
      NOTIFY_EMAIL: 'Sales Team <sales@forge.example>, ops@forge.example',
    });
  });
  afterAll(() => t.destroy());

  it('counts its addresses for every language, and an address on a list as well only once', async () => {
    const admin = await signedIn(t.app);
    await admin
      .put('/api/settings')
      .send({ alert_emails_en: ['SALES@forge.example'] })
      .expect(200);
    expect((await admin.get('/api/mail/status').expect(200)).body.data).toMatchObject({
      notify: 2,
      alert_recipients: { en: 2, pt: 2, de: 2 },
    });
  });

  it('lists a failure stored as text before errors were codes as that text', async () => {
    const admin = await signedIn(t.app);
    const at = new Date().toISOString();
    await t.db('mail_outbox').insert({
      kind: 'staff-alert',
      recipient: 'sales@forge.example',
      language: 'en',
      content: JSON.stringify({ subject: 'New enquiry', text: '', html: '' }),
      status: 'failed',
      attempts: 1,
      next_attempt_at: at,
      created_at: at,
      last_error: "Can't send mail - all recipients were rejected: 550 No such user",
      last_error_at: at,
    });
    expect((await admin.get('/api/mail/status').expect(200)).body.data.last_failure).toEqual({
      at,
      error: {
        code: null,
        text: "Can't send mail - all recipients were rejected: 550 No such user",
      },
      message: "Can't send mail - all recipients were rejected: 550 No such user",
    });
  });
});
