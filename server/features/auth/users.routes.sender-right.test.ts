import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_AUDIT } from '../../audit-recorder';
import { createAccount, signedIn, TEST_ADMIN, type TestApp } from '../../../tests/support/test-app';
import { STORES } from '../../../tests/support/stores';
import { createInvitationsService } from './invitations.service';

/**
 * An invitation is only as good as its sender's right to invite (decision
 * 030, amended): a sender demoted, deactivated or deleted has its pending
 * invitations withdrawn with the change, recorded under who made it; the
 * link then answers as a withdrawn one, and giving the right back does not
 * revive it. On SQLite and PostgreSQL, through the API.
 */

/** The token of a link the API answered (e-mail is off), after the `#`. */
const tokenIn = (url: string) => /#([A-Za-z0-9_-]+)$/.exec(url)?.[1] ?? '';

describe.each(STORES)('invitations and their sender’s right, on $name', ({ skip, openApp }) => {
  let t: TestApp;
  let chief: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    if (skip) return;
    t = await openApp();
    chief = await signedIn(t.app);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const idOf = async (username: string) =>
    Number(((await t.db('users').where({ username }).first('id')) as { id: number }).id);

  /** A second admin, signed in, who invites `email` as `role`: the invitation and its token. */
  async function adminInvites(username: string, email: string, role = 'admin') {
    const sender = await signedIn(t.app, await createAccount(t, 'admin', username));
    const res = await sender.post('/api/users/invitations').send({ email, role }).expect(201);
    return { sender, id: res.body.data.id as number, token: tokenIn(res.body.data.invitation_url) };
  }

  const check = (token: string) =>
    request(t.app).post('/api/auth/invitation/check').send({ token });
  const accept = (token: string, username: string) =>
    request(t.app)
      .post('/api/auth/invitation/accept')
      .send({ token, username, password: `${username}-password-1` });

  /** The link answers as a used, withdrawn or expired one, and makes no account. */
  async function expectDead(token: string, username: string) {
    const checked = await check(token).expect(400);
    expect(checked.body.error).toMatch(/not valid any more/);
    const accepted = await accept(token, username).expect(400);
    expect(accepted.body.error).toBe(checked.body.error);
    expect(await t.db('users').where({ username }).first()).toBeUndefined();
  }

  const pendingIds = async () =>
    ((await chief.get('/api/users/invitations').expect(200)).body.data as { id: number }[]).map(
      (i) => i.id,
    );

  const withdrawals = (invitationId: number) =>
    t
      .db('audit_log')
      .where({
        action: 'user.invitation_withdrawn',
        target_type: 'invitation',
        target_id: String(invitationId),
      })
      .select('actor', 'summary');

  it.skipIf(skip)(
    'withdraws a demoted admin’s invitations; promoted again, the link stays dead',
    async () => {
      const a = await adminInvites('demoted-admin', 'x@example.com');
      const kept = await adminInvites('keeping-admin', 'y@example.com', 'editor');
      await check(a.token).expect(200);
      const aId = await idOf('demoted-admin');

      await chief.put(`/api/users/${aId}`).send({ role: 'editor' }).expect(200);

      await expectDead(a.token, 'x-colleague');
      expect(await pendingIds()).not.toContain(a.id);
      expect(await withdrawals(a.id)).toEqual([
        {
          actor: TEST_ADMIN.username,
          summary: 'x@example.com (admin), demoted-admin may no longer invite',
        },
      ]);

      await chief.put(`/api/users/${aId}`).send({ role: 'admin' }).expect(200);
      await expectDead(a.token, 'x-colleague');
      expect(await pendingIds()).not.toContain(a.id);

      // A sender who keeps the right keeps its invitations, with the role it chose.
      expect(await pendingIds()).toContain(kept.id);
      expect(await withdrawals(kept.id)).toEqual([]);
      const joined = await accept(kept.token, 'y-colleague').expect(201);
      expect(joined.body.data.user).toMatchObject({ username: 'y-colleague', role: 'editor' });
    },
  );

  it.skipIf(skip)('withdraws a deactivated admin’s invitations for good', async () => {
    const a = await adminInvites('resting-admin', 'rest@example.com', 'sales');
    const aId = await idOf('resting-admin');
    await chief.put(`/api/users/${aId}`).send({ active: false }).expect(200);
    await expectDead(a.token, 'rest-colleague');
    await chief.put(`/api/users/${aId}`).send({ active: true }).expect(200);
    await expectDead(a.token, 'rest-colleague');
    expect(await withdrawals(a.id)).toEqual([
      {
        actor: TEST_ADMIN.username,
        summary: 'rest@example.com (sales), resting-admin may no longer invite',
      },
    ]);
  });

  it.skipIf(skip)('withdraws a deleted admin’s invitations', async () => {
    const a = await adminInvites('leaving-admin', 'left@example.com', 'editor');
    await chief.delete(`/api/users/${await idOf('leaving-admin')}`).expect(200);
    await expectDead(a.token, 'left-colleague');
    expect(await withdrawals(a.id)).toEqual([
      {
        actor: TEST_ADMIN.username,
        summary: 'left@example.com (editor), leaving-admin may no longer invite',
      },
    ]);
  });

  it.skipIf(skip)('keeps the invitations when the change is refused', async () => {
    // The test admin is made the last active admin, then tries to step down (409).
    await t
      .db('users')
      .where({ role: 'admin' })
      .whereNot({ username: TEST_ADMIN.username })
      .update({ active: false });
    const res = await chief
      .post('/api/users/invitations')
      .send({ email: 'stays@example.com', role: 'editor' })
      .expect(201);
    const me = await idOf(TEST_ADMIN.username);
    await chief.put(`/api/users/${me}`).send({ role: 'editor' }).expect(409);
    await chief.put(`/api/users/${me}`).send({ active: false }).expect(409);
    await check(tokenIn(res.body.data.invitation_url)).expect(200);
    expect(await withdrawals(res.body.data.id)).toEqual([]);
  });

  it.skipIf(skip)(
    'gives a resent invitation to its resender, withdrawn with their right',
    async () => {
      // Another admin's invitation, resent by a second admin (e-mail off: the
      // link goes to whoever pressed Resend), who then loses the right.
      const invited = await chief
        .post('/api/users/invitations')
        .send({ email: 'resent@example.com', role: 'admin' })
        .expect(201);
      const id = invited.body.data.id as number;
      const resender = await signedIn(t.app, await createAccount(t, 'admin', 'resending-admin'));
      const resent = await resender.post(`/api/users/invitations/${id}/resend`).expect(200);
      expect(resent.body.data.invited_by).toBe('resending-admin');
      const token = tokenIn(resent.body.data.invitation_url);
      const resenderId = await idOf('resending-admin');

      await chief.put(`/api/users/${resenderId}`).send({ active: false }).expect(200);
      await chief.delete(`/api/users/${resenderId}`).expect(200);

      await expectDead(token, 'back-door');
      expect(await pendingIds()).not.toContain(id);
      expect(await withdrawals(id)).toEqual([
        {
          actor: TEST_ADMIN.username,
          summary: 'resent@example.com (admin), resending-admin may no longer invite',
        },
      ]);
    },
  );

  it.skipIf(skip)('refuses a resend from a sender who lost the right meanwhile', async () => {
    const invited = await chief
      .post('/api/users/invitations')
      .send({ email: 'not-resent@example.com', role: 'editor' })
      .expect(201);
    await createAccount(t, 'admin', 'late-resender');
    const id = await idOf('late-resender');
    await chief.put(`/api/users/${id}`).send({ role: 'editor' }).expect(200);
    const recorded: string[] = [];
    const invitations = createInvitationsService({
      db: t.db,
      mail: { queueAccountMail: async () => false },
      audit: { record: async (_who, entry) => void recorded.push(entry.action) },
    });
    const ctx = {
      origin: 'http://localhost',
      language: 'en' as const,
      who: { actor: { id, username: 'late-resender' }, ip: null },
    };
    await expect(invitations.resend(invited.body.data.id, ctx)).rejects.toMatchObject({
      status: 403,
    });
    // The link sent before still works, still the chief's.
    await check(tokenIn(invited.body.data.invitation_url)).expect(200);
    const [listed] = (await invitations.list()).filter((i) => i.id === invited.body.data.id);
    expect(listed?.invited_by).toBe(TEST_ADMIN.username);
    expect(recorded).toEqual([]);
  });

  it.skipIf(skip)('refuses an invitation from a sender who lost the right meanwhile', async () => {
    // The guard read the account at the start of the request; the demotion came after.
    await createAccount(t, 'admin', 'crossing-admin');
    const id = await idOf('crossing-admin');
    await chief.put(`/api/users/${id}`).send({ role: 'sales' }).expect(200);
    const invitations = createInvitationsService({
      db: t.db,
      mail: { queueAccountMail: async () => false },
      audit: NO_AUDIT,
    });
    const ctx = {
      origin: 'http://localhost',
      language: 'en' as const,
      who: { actor: { id, username: 'crossing-admin' }, ip: null },
    };
    await expect(
      invitations.invite({ email: 'late@example.com', role: 'admin' }, ctx),
    ).rejects.toMatchObject({ status: 403 });
    expect(await t.db('account_tokens').where({ email: 'late@example.com' })).toEqual([]);
  });
});
