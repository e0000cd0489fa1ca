import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailingApp, until, type MailingApp } from '../../../tests/support/mail';
import type { TestSmtpServer } from '../../../tests/support/smtp-server';
import { createAccount, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * The notice that an admin reset a colleague's two-factor sign-in reaches
 * the colleague in their account's language (the sign-in page it links to
 * too), not in the language of the admin who made the reset.
 */
let mailing: MailingApp;
let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  mailing = await startMailingApp();
  ({ t, smtp } = mailing);
});
afterAll(async () => {
  await mailing.stop();
});

async function code(secret: string, step = 0) {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((r) => setTimeout(r, 30_100 - intoStep));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + step * 30 });
}

describe('the notice of a two-factor reset', () => {
  it('is in the colleague’s language (pt) when the admin reads German', async () => {
    const colleague = await createAccount(t, 'sales', 'lost-phone');
    await t
      .db('users')
      .where({ username: colleague.username })
      .update({ email: 'lp@example.pt', language: 'pt' });
    const id = Number((await t.db('users').where({ username: colleague.username }).first()).id);
    const phone = await signedIn(t.app, colleague);
    const setup = await phone
      .post('/api/auth/2fa/setup')
      .send({ password: colleague.password })
      .expect(200);
    await phone
      .post('/api/auth/2fa/enable')
      .send({ code: await code(setup.body.data.secret, -1) })
      .expect(200);

    const admin = await signedIn(t.app);
    await admin.post(`/api/users/${id}/2fa/reset?lang=de`).expect(200);
    const [mail] = await until(
      async () => smtp.received.filter((m) => m.envelope.to.includes('lp@example.pt')),
      (list) => list.length > 0,
    );
    expect(mail!.subject).toBe('A sua autenticação de dois fatores foi reposta – Forge Industrial');
    expect(mail!.text).toContain('https://www.forge.example/login?lang=pt');
    expect(mail!.html).toContain('<html lang="pt">');
  });
});
