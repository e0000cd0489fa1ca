import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenIn, startMailingApp, until, type MailingApp } from '../../../tests/support/mail';
import type { TestSmtpServer } from '../../../tests/support/smtp-server';
import { createAccount, signedIn, type TestApp } from '../../../tests/support/test-app';
import { RESETS_PER_HOUR } from './recovery.service';

/**
 * The hour's budget of reset e-mails (three an account) counts every link
 * sent, also those spent since: by one of them being followed, by a new
 * password, by a new address. Spending links never frees the budget, and
 * the request is answered the same either way.
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

const mailsTo = (address: string) => smtp.received.filter((m) => m.envelope.to.includes(address));

const askForReset = (email: string) =>
  request(t.app)
    .post('/api/auth/password-reset')
    .send({ email })
    .expect(200, { data: { ok: true } });

/** An account with a confirmed address that asked for the hour's every reset e-mail: their tokens. */
async function spentBudget(username: string, email: string) {
  const account = await createAccount(t, 'sales', username);
  await t.db('users').where({ username }).update({ email });
  for (let i = 0; i < RESETS_PER_HOUR; i++) await askForReset(email);
  const mails = await until(
    async () => mailsTo(email),
    (list) => list.length === RESETS_PER_HOUR,
  );
  return { account, tokens: mails.map((m) => linkTokenIn(m.text)) };
}

/** One more request for the address e-mails nothing (given time to). */
async function expectNoMoreMail(email: string) {
  await askForReset(email);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(mailsTo(email)).toHaveLength(RESETS_PER_HOUR);
  expect(await t.db('account_tokens').where({ kind: 'password_reset', email })).toHaveLength(
    RESETS_PER_HOUR,
  );
}

describe('the hour’s reset e-mails', () => {
  it('stay spent once one of the links was followed', async () => {
    const { tokens } = await spentBudget('budget-followed', 'followed@example.com');
    await request(t.app)
      .post('/api/auth/password-reset/confirm')
      .send({ token: tokens[0], password: 'followed-new-password' })
      .expect(200);
    // The others stopped working with it.
    for (const token of tokens.slice(1)) {
      await request(t.app).post('/api/auth/password-reset/check').send({ token }).expect(400);
    }
    await expectNoMoreMail('followed@example.com');
  });

  it('stay spent once the password was changed on the profile', async () => {
    const { account } = await spentBudget('budget-profile', 'profile@example.com');
    const agent = await signedIn(t.app, account);
    await agent
      .put('/api/auth/profile')
      .send({ current_password: account.password, password: 'a-password-of-my-own' })
      .expect(200);
    await expectNoMoreMail('profile@example.com');
  });

  it('stay spent once a new address was confirmed', async () => {
    const { account } = await spentBudget('budget-address', 'before@example.com');
    const agent = await signedIn(t.app, account);
    await agent
      .post('/api/auth/email')
      .send({ email: 'after@example.com', current_password: account.password })
      .expect(200);
    const confirm = await until(
      async () => mailsTo('after@example.com'),
      (list) => list.length === 1,
    );
    await request(t.app)
      .post('/api/auth/email/confirm')
      .send({ token: linkTokenIn(confirm.at(-1)!.text) })
      .expect(200);
    await askForReset('after@example.com');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mailsTo('after@example.com')).toHaveLength(1);
  });
});
