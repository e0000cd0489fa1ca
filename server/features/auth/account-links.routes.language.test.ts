import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenIn, startMailingApp, until, type MailingApp } from '../../../tests/support/mail';
import type { TestSmtpServer } from '../../../tests/support/smtp-server';
import { createAccount, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * The e-mails about an account (a password reset, the confirmation of a
 * new address) are in the account's language, and so are the pages their
 * links open; an account that chose none gets them in the language of the
 * request, as before. An account made from an invitation reads the
 * language its page was shown in when accepted.
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

/** A sales account with a confirmed address and the given language. */
async function account(username: string, email: string, language: 'pt' | 'de' | null) {
  const created = await createAccount(t, 'sales', username);
  await t.db('users').where({ username }).update({ email, language });
  return created;
}

/** The last e-mail to `address` (waits for one). */
async function mailTo(address: string) {
  const mails = await until(
    async () => smtp.received.filter((m) => m.envelope.to.includes(address)),
    (list) => list.length > 0,
  );
  return mails.at(-1)!;
}

describe('account e-mails', () => {
  it('reset a password in the account’s language, whatever the language it was asked in', async () => {
    await account('klaus', 'klaus@example.de', 'de');
    await request(t.app)
      .post('/api/auth/password-reset?lang=pt')
      .send({ email: 'klaus@example.de' })
      .expect(200);
    const mail = await mailTo('klaus@example.de');
    expect(mail.subject).toBe('Passwort zurücksetzen – Forge Industrial');
    expect(mail.text).toContain('https://www.forge.example/login/reset?lang=de#');
    expect(mail.html).toContain('<html lang="de">');

    // No language chosen: the one it was asked in, as before.
    await account('rosa', 'rosa@example.pt', null);
    await request(t.app)
      .post('/api/auth/password-reset?lang=pt')
      .send({ email: 'rosa@example.pt' })
      .expect(200);
    const fallback = await mailTo('rosa@example.pt');
    expect(fallback.subject).toBe('Redefinir a palavra-passe – Forge Industrial');
    expect(fallback.text).toContain('https://www.forge.example/login/reset?lang=pt#');
  });

  it('confirm a new address in the account’s language, whatever the admin is shown in', async () => {
    const joana = await account('joana-mail', 'joana@example.pt', 'pt');
    const agent = await signedIn(t.app, joana);
    await agent
      .post('/api/auth/email?lang=en')
      .send({ email: 'joana.silva@example.pt', current_password: joana.password })
      .expect(200);
    const mail = await mailTo('joana.silva@example.pt');
    expect(mail.subject).toBe('Confirme o seu endereço de e-mail – Forge Industrial');
    expect(mail.text).toContain('https://www.forge.example/login/confirm-email?lang=pt#');
  });

  it('come in the language the invitation was accepted in, though it was sent in another', async () => {
    const admin = await signedIn(t.app);
    await admin
      .post('/api/users/invitations?lang=en')
      .send({ email: 'helga@example.de', role: 'sales' })
      .expect(201);
    const token = linkTokenIn((await mailTo('helga@example.de')).text);
    // The page was switched to German before accepting: the account reads German.
    const accepted = await request(t.app)
      .post('/api/auth/invitation/accept')
      .send({ token, username: 'helga', password: 'helga-password-1', language: 'de' })
      .expect(201);
    expect(accepted.body.data.user).toMatchObject({ username: 'helga', language: 'de' });
    expect(await t.db('users').where({ username: 'helga' }).first('language')).toEqual({
      language: 'de',
    });

    await request(t.app)
      .post('/api/auth/password-reset?lang=en')
      .send({ email: 'helga@example.de' })
      .expect(200);
    const reset = await until(
      async () => smtp.received.filter((m) => m.envelope.to.includes('helga@example.de')),
      (list) => list.length > 1,
    );
    expect(reset.at(-1)!.subject).toBe('Passwort zurücksetzen – Forge Industrial');
  });

  it('refuses an acceptance in a language the site does not have (400)', async () => {
    const admin = await signedIn(t.app);
    await admin
      .post('/api/users/invitations?lang=en')
      .send({ email: 'nobody@example.fr', role: 'sales' })
      .expect(201);
    const token = linkTokenIn((await mailTo('nobody@example.fr')).text);
    const refused = await request(t.app)
      .post('/api/auth/invitation/accept')
      .send({ token, username: 'nobody-fr', password: 'nobody-password-1', language: 'fr' })
      .expect(400);
    expect(refused.body.details.language).toBeTruthy();
  });
});
