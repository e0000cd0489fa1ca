import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailingApp, until, type MailingApp } from '../../../tests/support/mail';
import type { TestSmtpServer } from '../../../tests/support/smtp-server';
import { createAccount, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * The e-mails an admin's action sends name the admin as colleagues are
 * named everywhere else: by their display name, the username only without
 * one. Through the real mail worker to a real SMTP server.
 */
let mailing: MailingApp;
let smtp: TestSmtpServer;
let t: TestApp;
let joana: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  mailing = await startMailingApp();
  ({ t, smtp } = mailing);
  const account = await createAccount(t, 'admin', 'jsilva');
  await t.db('users').where({ username: 'jsilva' }).update({ name: 'Joana Silva' });
  joana = await signedIn(t.app, account);
});
afterAll(async () => {
  await mailing.stop();
});

const mailTo = async (address: string) =>
  (
    await until(
      async () => smtp.received.filter((m) => m.envelope.to.includes(address)),
      (list) => list.length > 0,
    )
  )[0]!;

async function code(secret: string, step = 0) {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((r) => setTimeout(r, 30_100 - intoStep));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + step * 30 });
}

describe('the admin named in the e-mails their actions send', () => {
  it('is the display name in an invitation', async () => {
    await joana
      .post('/api/users/invitations?lang=en')
      .send({ email: 'erika@example.de', role: 'editor' })
      .expect(201);
    const mail = await mailTo('erika@example.de');
    expect(mail.subject).toBe('Joana Silva invites you to the Forge Industrial admin');
    expect(mail.text).toContain('Joana Silva has invited you to join the team');
    expect(mail.text).not.toContain('jsilva');
  });

  it('is the display name in the notice of a two-factor reset', async () => {
    const colleague = await createAccount(t, 'sales', 'lost-phone');
    await t.db('users').where({ username: 'lost-phone' }).update({ email: 'lp@example.org' });
    const id = Number((await t.db('users').where({ username: 'lost-phone' }).first()).id);
    const phone = await signedIn(t.app, colleague);
    const setup = await phone
      .post('/api/auth/2fa/setup')
      .send({ password: colleague.password })
      .expect(200);
    await phone
      .post('/api/auth/2fa/enable')
      .send({ code: await code(setup.body.data.secret, -1) })
      .expect(200);

    await joana.post(`/api/users/${id}/2fa/reset?lang=en`).expect(200);
    const mail = await mailTo('lp@example.org');
    expect(mail.text).toContain(
      'Joana Silva has reset the two-factor sign-in of your account lost-phone',
    );
    expect(mail.text).not.toContain('jsilva');
  });
});
