import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkTokenIn,
  startMailingApp,
  startMailWorker,
  until,
  type MailingApp,
} from '../../../tests/support/mail';
import type { TestSmtpServer } from '../../../tests/support/smtp-server';
import {
  createAccount,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../../tests/support/test-app';
import type { MailWorker } from '../mail/mail.worker';
import { PASSWORD_RESETS_PER_IP } from '../../http/rate-limits';
import { RESETS_PER_HOUR } from './recovery.service';

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

/** An account with a confirmed address, signed in (and the agent). */
async function withAddress(username: string, email: string) {
  const account = await createAccount(t, 'sales', username);
  await t.db('users').where({ username }).update({ email });
  return account;
}

/** The next e-mail to `address` (waits for it). */
async function mailTo(address: string) {
  const mails = await until(
    async () => smtp.received.filter((m) => m.envelope.to.includes(address)),
    (list) => list.length > 0,
  );
  return mails.at(-1)!;
}

describe('forgotten passwords', () => {
  it('answers the same whether or not the address has an account, and e-mails only an account', async () => {
    await withAddress('resetting-sales', 'rosa@example.pt');
    const known = await request(t.app)
      .post('/api/auth/password-reset?lang=pt')
      .send({ email: 'Rosa@Example.PT' })
      .expect(200);
    const unknown = await request(t.app)
      .post('/api/auth/password-reset?lang=pt')
      .send({ email: 'nobody@example.pt' })
      .expect(200);
    expect(known.body).toEqual({ data: { ok: true } });
    expect(unknown.body).toEqual(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    const mail = await mailTo('rosa@example.pt');
    expect(mail.subject).toBe('Redefinir a palavra-passe – Forge Industrial');
    expect(mail.text).toContain('resetting-sales');
    expect(mail.text).toContain('https://www.forge.example/login/reset?lang=pt#');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.some((m) => m.envelope.to.includes('nobody@example.pt'))).toBe(false);
    await request(t.app).post('/api/auth/password-reset').send({ email: 'nope' }).expect(400);
  });

  it('sets the new password once, within the hour, ending every session; two-factor still asked', async () => {
    const account = await withAddress('reset-2fa', 'two@example.com');
    const signed = await signedIn(t.app, account);
    const setup = await signed
      .post('/api/auth/2fa/setup')
      .send({ password: account.password })
      .expect(200);
    const secret = setup.body.data.secret as string;
    await signed
      .post('/api/auth/2fa/enable')
      .send({ code: await generate({ secret }) })
      .expect(200);

    await request(t.app).post('/api/auth/password-reset').send({ email: 'two@example.com' });
    const token = linkTokenIn((await mailTo('two@example.com')).text);
    const row = await t
      .db('account_tokens')
      .where({ kind: 'password_reset' })
      .orderBy('id', 'desc')
      .first();
    const minutes = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 60_000;
    expect(minutes).toBe(60);

    const weak = await request(t.app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'short' })
      .expect(400);
    expect(weak.body.details.password).toBeTruthy();
    await request(t.app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'a-brand-new-password' })
      .expect(200, { data: { ok: true } });
    await signed.get('/api/auth/profile').expect(401);
    const again = await request(t.app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'another-new-password' })
      .expect(400);
    expect(again.body.error).toMatch(/not valid any more/);

    const login = await request(t.app)
      .post('/api/auth/login')
      .send({ username: 'reset-2fa', password: 'a-brand-new-password' })
      .expect(200);
    expect(login.body.data).toEqual({ two_factor_required: true });
    const { id } = (await t.db('users').where({ username: 'reset-2fa' }).first('id')) as {
      id: number;
    };
    const trail = await t
      .db('audit_log')
      .where({ target_type: 'user', target_id: String(id) })
      .whereLike('action', 'account.password_reset%');
    expect(trail.map((e) => e.action).sort()).toEqual([
      'account.password_reset',
      'account.password_reset_requested',
    ]);
  });

  it('records a reset asked for by someone not signed in under no account, on the account', async () => {
    await withAddress('asked-about', 'asked@example.com');
    const { id } = (await t.db('users').where({ username: 'asked-about' }).first('id')) as {
      id: number;
    };
    await request(t.app)
      .post('/api/auth/password-reset')
      .send({ email: 'asked@example.com' })
      .expect(200);
    const entry = await until(
      () =>
        t
          .db('audit_log')
          .where({ action: 'account.password_reset_requested', target_id: String(id) })
          .first(),
      (row) => row !== undefined,
    );
    expect(entry).toMatchObject({
      actor_id: null,
      actor: null,
      target_type: 'user',
      summary: 'asked-about',
    });
    expect(entry.ip).toBeTruthy();
  });

  it('refuses an expired or unknown link', async () => {
    await withAddress('late-reset', 'late@example.com');
    await request(t.app).post('/api/auth/password-reset').send({ email: 'late@example.com' });
    const token = linkTokenIn((await mailTo('late@example.com')).text);
    await t
      .db('account_tokens')
      .where({ kind: 'password_reset', email: 'late@example.com' })
      .update({ expires_at: new Date(Date.now() - 1).toISOString() });
    await request(t.app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'a-brand-new-password' })
      .expect(400);
    await request(t.app)
      .post('/api/auth/password-reset/confirm')
      .send({ token: 'x'.repeat(43), password: 'a-brand-new-password' })
      .expect(400);
  });

  it('limits requests per address with a 429, and per account silently', async () => {
    await withAddress('flooded', 'flood@example.com');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await request(t.app).post('/api/auth/password-reset').send({ email: 'flood@example.com' }))
          .status,
      );
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    // Three e-mails an hour at most reach the account, whatever else was asked.
    await until(
      async () =>
        t.db('account_tokens').where({ kind: 'password_reset', email: 'flood@example.com' }),
      (rows) => rows.length === RESETS_PER_HOUR,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      await t.db('account_tokens').where({ kind: 'password_reset', email: 'flood@example.com' }),
    ).toHaveLength(RESETS_PER_HOUR);
  });
});

describe('checking a reset link before its form', () => {
  /** A fresh reset link's token for a new account with this address. */
  async function resetToken(username: string, email: string) {
    await withAddress(username, email);
    await request(t.app).post('/api/auth/password-reset').send({ email }).expect(200);
    return linkTokenIn((await mailTo(email)).text);
  }
  const check = (token: unknown) =>
    request(t.app).post('/api/auth/password-reset/check?lang=pt').send({ token });

  it('answers ok for a good link, names nothing about the account, and uses nothing up', async () => {
    const token = await resetToken('checked-reset', 'checked@example.com');
    const good = await check(token).expect(200);
    expect(good.body).toEqual({ data: { ok: true } });
    await check(token).expect(200);
    // The check took nothing away: the link still sets the password, once.
    await request(t.app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'checked-new-password' })
      .expect(200, { data: { ok: true } });
    await request(t.app)
      .post('/api/auth/login')
      .send({ username: 'checked-reset', password: 'checked-new-password' })
      .expect(200);
    const trail = await t.db('audit_log').where({ action: 'account.password_reset' });
    expect(trail.map((e) => e.summary)).toContain('checked-reset (e-mail link)');
  });

  it('says a used, expired, unknown or garbled link is spent, the same way each time', async () => {
    const used = await resetToken('used-reset', 'used@example.com');
    await request(t.app)
      .post('/api/auth/password-reset/confirm')
      .send({ token: used, password: 'used-new-password' })
      .expect(200);
    const expired = await resetToken('expired-reset', 'expired@example.com');
    await t
      .db('account_tokens')
      .where({ kind: 'password_reset', email: 'expired@example.com' })
      .update({ expires_at: new Date(Date.now() - 1).toISOString() });

    const spent =
      'Esta ligação para redefinir a palavra-passe já não é válida: foi usada ou expirou. Peça uma nova.';
    // Used, expired, unknown: one answer, in the asker's language, that tells them apart in nothing.
    const answers = [];
    for (const token of [used, expired, 'x'.repeat(43)]) {
      answers.push((await check(token).expect(400)).body);
    }
    expect(answers).toEqual([{ error: spent }, { error: spent }, { error: spent }]);
    // No token, or something no link carries: the same words (the field named, as for any form).
    for (const token of ['not a token', '', 42, undefined]) {
      expect((await check(token).expect(400)).body.error).toBe(spent);
    }
    // An invitation's token is no reset link.
    const admin = await signedIn(t.app);
    const invited = await admin
      .post('/api/users/invitations')
      .send({ email: 'invitee-check@example.com', role: 'editor' })
      .expect(201);
    const invitation = linkTokenIn((await mailTo('invitee-check@example.com')).text);
    expect(invited.body.data.email).toBe('invitee-check@example.com');
    expect((await check(invitation).expect(400)).body).toEqual({ error: spent });
  });

  it('says a link of a deactivated account is spent, as its form would', async () => {
    const token = await resetToken('gone-reset', 'gone@example.com');
    await t.db('users').where({ username: 'gone-reset' }).update({ active: false });
    await check(token).expect(400);
    await request(t.app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'gone-new-password' })
      .expect(400);
  });

  it('is limited like its neighbours: not at all, and it spends no reset request', async () => {
    // Like the invitation check and the reset itself, a check is not counted: a token is
    // 256 random bits, and a check carries no address for the request limits to key on.
    const token = await resetToken('often-checked', 'often@example.com');
    const codes = new Set<number>();
    for (let i = 0; i <= PASSWORD_RESETS_PER_IP; i++) codes.add((await check(token)).status);
    for (let i = 0; i <= PASSWORD_RESETS_PER_IP; i++)
      codes.add((await check('y'.repeat(43))).status);
    expect([...codes].sort()).toEqual([200, 400]);
    await request(t.app)
      .post('/api/auth/password-reset')
      .send({ email: 'often@example.com' })
      .expect(200);
  });
});

describe('reset links sent before the account changed', () => {
  /** A reset link's token for the account's address, sent now. */
  async function resetLink(email: string) {
    await request(t.app).post('/api/auth/password-reset').send({ email }).expect(200);
    return linkTokenIn((await mailTo(email)).text);
  }
  /** The link no longer works: its check and its form both say it is spent. */
  async function expectSpent(token: string, username: string) {
    await request(t.app).post('/api/auth/password-reset/check').send({ token }).expect(400);
    await request(t.app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'taken-over-password' })
      .expect(400);
    await request(t.app)
      .post('/api/auth/login')
      .send({ username, password: 'taken-over-password' })
      .expect(401);
  }

  it('stop working once the password is changed', async () => {
    const account = await withAddress('changed-password', 'changed-pw@example.com');
    const token = await resetLink('changed-pw@example.com');
    const agent = await signedIn(t.app, account);
    await agent
      .put('/api/auth/profile')
      .send({ current_password: account.password, password: 'a-password-of-my-own' })
      .expect(200);
    await expectSpent(token, account.username);
  });

  it('stop working once a new address is confirmed', async () => {
    const account = await withAddress('changed-address', 'old-address@example.com');
    const token = await resetLink('old-address@example.com');
    const agent = await signedIn(t.app, account);
    await agent
      .post('/api/auth/email')
      .send({ email: 'new-address@example.com', current_password: account.password })
      .expect(200);
    const confirm = linkTokenIn((await mailTo('new-address@example.com')).text);
    await request(t.app).post('/api/auth/email/confirm').send({ token: confirm }).expect(200);
    await expectSpent(token, account.username);
  });
});

describe('the account’s e-mail address', () => {
  it('takes effect only once the link sent to it is followed', async () => {
    const account = await createAccount(t, 'editor', 'new-address');
    const agent = await signedIn(t.app, account);
    await agent
      .post('/api/auth/email')
      .send({ email: 'neu@example.de', current_password: 'wrong-password' })
      .expect(401);
    const asked = await agent
      .post('/api/auth/email?lang=de')
      .send({ email: 'Neu@Example.de', current_password: account.password })
      .expect(200);
    expect(asked.body.data).toEqual({ pending_email: 'neu@example.de' });
    let profile = await agent.get('/api/auth/profile').expect(200);
    expect(profile.body.data).toMatchObject({ email: null, pending_email: 'neu@example.de' });

    const mail = await mailTo('neu@example.de');
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse – Forge Industrial');
    const token = linkTokenIn(mail.text);
    await request(t.app)
      .post('/api/auth/email/confirm')
      .send({ token })
      .expect(200, {
        data: { email: 'neu@example.de' },
      });
    profile = await agent.get('/api/auth/profile').expect(200);
    expect(profile.body.data).toMatchObject({ email: 'neu@example.de', pending_email: null });
    await request(t.app).post('/api/auth/email/confirm').send({ token }).expect(400);

    // Another account cannot take the address.
    const other = await signedIn(t.app, await createAccount(t, 'sales', 'address-thief'));
    await other
      .post('/api/auth/email')
      .send({ email: 'neu@example.de', current_password: 'sales-password-1' })
      .expect(409);
  });

  it('is not taken by the link of a colleague removed since (deactivated or deleted)', async () => {
    const admin = await signedIn(t.app);
    for (const removal of ['deactivated', 'deleted'] as const) {
      const account = await createAccount(t, 'sales', `leaver-${removal}`);
      const { id } = (await t.db('users').where({ username: account.username }).first('id')) as {
        id: number;
      };
      const email = `${removal}.leaver@example.com`;
      await (
        await signedIn(t.app, account)
      )
        .post('/api/auth/email')
        .send({ email, current_password: account.password })
        .expect(200);
      const token = linkTokenIn((await mailTo(email)).text);
      if (removal === 'deactivated') {
        await admin.put(`/api/users/${id}`).send({ active: false }).expect(200);
      } else {
        await admin.delete(`/api/users/${id}`).expect(200);
      }
      const refused = await request(t.app)
        .post('/api/auth/email/confirm')
        .send({ token })
        .expect(400);
      expect(refused.body.error, removal).toMatch(/not valid any more/);
      const row = await t.db('users').where({ id }).first('email');
      expect(row?.email ?? null, removal).toBeNull();
      expect(
        await t.db('audit_log').where({ action: 'account.email_confirmed', summary: email }),
      ).toEqual([]);
    }
  });

  it('says e-mail is off instead of promising a confirmation', async () => {
    const plain = await createTestApp();
    try {
      const agent = await signedIn(plain.app);
      const res = await agent
        .post('/api/auth/email')
        .send({ email: 'a@example.com', current_password: 'admin-password-123' })
        .expect(503);
      expect(res.body.error).toMatch(/SMTP_URL/);
    } finally {
      await plain.destroy();
    }
  });
});

describe('reset links on a site without PUBLIC_URL', () => {
  let own: TestApp;
  let ownWorker: MailWorker;
  beforeAll(async () => {
    own = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Forge Industrial <team@forge.example>',
    });
    ownWorker = startMailWorker(own);
  });
  afterAll(async () => {
    await ownWorker.stop();
    await own.destroy();
  });

  const resetLinkFor = async (host: string, username: string, email: string) => {
    await createAccount(own, 'admin', username);
    await own.db('users').where({ username }).update({ email });
    await request(own.app)
      .post('/api/auth/password-reset')
      .set('Host', host)
      .send({ email })
      .expect(200);
    return /\S+\/login\/reset\?lang=en#/.exec((await mailTo(email)).text)?.[0];
  };

  it('never name a host the asker chose, where the link would be read', async () => {
    expect(await resetLinkFor('attacker.example', 'poisoned', 'boss@forge.example')).toMatch(
      /^http:\/\/localhost:\d+\/login\/reset/,
    );
  });

  it('name this machine as asked for on it', async () => {
    expect(await resetLinkFor('127.0.0.1:4321', 'local', 'local@forge.example')).toBe(
      'http://127.0.0.1:4321/login/reset?lang=en#',
    );
  });
});
