import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '#shared/audit';
import { registeredRoutes } from '../../tests/support/api-routes';
import { makeImage } from '../../tests/support/images';
import { createTestApp, signedIn, TEST_ADMIN, type TestApp } from '../../tests/support/test-app';

/**
 * Every state-changing call of the API leaves an entry in the audit trail
 * naming who made it and from where. The list of calls is read from the
 * router itself: a route added without a case below (or a reason in
 * NOT_AUDITED) fails the first test.
 */

const IP = '203.0.113.7';
type Client = ReturnType<typeof request.agent>;
type Expected = {
  action: AuditAction;
  /** null: no account acted (someone not signed in). */
  actor: string | null;
  target_type?: string;
  target_id?: string;
  summary?: string;
};
type Case = { route: string; name: string; run(): Promise<Expected> };

/** State-changing routes with no entry of their own, and why. */
const NOT_AUDITED: Record<string, string> = {
  'POST /api/contacts': 'a visitor’s enquiry: the stored enquiry is its own record',
  'POST /api/analytics/views': 'a page view counted: a number, nobody’s change',
  'POST /api/llm/generate-news-content': 'drafts text for the editor; nothing is stored',
  'POST /api/llm/translate-news': 'translates text for the editor; nothing is stored',
  'POST /api/llm/translate-texts': 'translates site texts for the editor; nothing is stored',
  'POST /api/llm/draft-reply': 'drafts a reply for review; nothing is sent or stored',
  'POST /api/auth/2fa/setup':
    'a key waiting for confirmation; turning it on is recorded (a wrong password too)',
  'POST /api/auth/2fa/move':
    'a new key waiting for confirmation; the move is recorded (a wrong password or code too)',
  'POST /api/site/preview': 'renders a page with unsaved texts; nothing is stored',
  'POST /api/auth/invitation/check': 'shows what an invitation offers; nothing changes',
  'POST /api/auth/password-reset/check': 'says whether a reset link still works; nothing changes',
};

/** Reads that are recorded all the same: what left the building. */
const AUDITED_READS = ['GET /api/contacts/export'];

let t: TestApp;
let admin: Client;
let ids: { contact: number; media: number };
const other = { username: 'audit-editor', password: 'editor-password-1' };
let otherAgent: Client;
let secret = '';
let recovery: string[] = [];

/** A call from the audit's address (TRUST_PROXY is on). */
const from = (agent: Client | ReturnType<typeof request>) => ({
  get: (url: string) => agent.get(url).set('X-Forwarded-For', IP),
  post: (url: string) => agent.post(url).set('X-Forwarded-For', IP),
  put: (url: string) => agent.put(url).set('X-Forwarded-For', IP),
  delete: (url: string) => agent.delete(url).set('X-Forwarded-For', IP),
});

const article = {
  title: 'Audited article',
  excerpt: 'Excerpt',
  content: 'Body',
  category: 'research',
  slug: 'audited-article',
};
const asAdmin = (action: AuditAction, more: Partial<Expected> = {}): Expected => ({
  action,
  actor: TEST_ADMIN.username,
  ...more,
});
const onContact = (action: AuditAction) =>
  asAdmin(action, { target_type: 'contact', target_id: String(ids.contact) });

const page = {
  title: 'Audited page',
  content: 'About us.',
  slug: 'audited-page',
  nav: 'header',
  published: false,
};

/**
 * The writes of one kind of document (articles at `/api/news`, pages at
 * `/api/pages`): created, saved, (un)published, a revision restored, a share
 * link made and revoked, (pages) the menu reordered, deleted.
 */
function documentCases(
  kind: 'article' | 'page',
  base: string,
  body: { title: string; slug: string } & Record<string, unknown>,
): Case[] {
  const doc = { id: 0, preview: 0 };
  const on = (change: string, summary?: string): Expected =>
    asAdmin(`${kind}.${change}` as AuditAction, {
      target_type: kind,
      target_id: String(doc.id),
      ...(summary === undefined ? {} : { summary }),
    });
  const cases: Case[] = [
    {
      route: `POST ${base}`,
      name: `${kind} created`,
      async run() {
        doc.id = (await from(admin).post(base).send(body).expect(201)).body.data.id;
        return on('created', body.title);
      },
    },
    {
      route: `PUT ${base}/:id`,
      name: `${kind} saved`,
      async run() {
        await from(admin)
          .put(`${base}/${doc.id}`)
          .send({ title: `${body.title}, renamed` })
          .expect(200);
        return on('updated', `${body.title}, renamed`);
      },
    },
    {
      route: `PUT ${base}/:id`,
      name: `${kind} published`,
      async run() {
        await from(admin).put(`${base}/${doc.id}`).send({ published: true }).expect(200);
        return on('published');
      },
    },
    {
      route: `PUT ${base}/:id`,
      name: `${kind} taken back`,
      async run() {
        await from(admin).put(`${base}/${doc.id}`).send({ published: false }).expect(200);
        return on('unpublished');
      },
    },
    {
      route: `POST ${base}/:id/revisions/:revisionId/restore`,
      name: `${kind} revision restored`,
      async run() {
        const list = await from(admin).get(`${base}/${doc.id}/revisions`).expect(200);
        const first = list.body.data.at(-1).id;
        await from(admin).post(`${base}/${doc.id}/revisions/${first}/restore`).expect(200);
        return on('revision_restored', body.title);
      },
    },
    {
      route: `POST ${base}/:id/previews`,
      name: `${kind} share link made`,
      async run() {
        const res = await from(admin).post(`${base}/${doc.id}/previews`).send({}).expect(201);
        doc.preview = res.body.data.id;
        return on('preview_created', body.title);
      },
    },
    {
      route: `DELETE ${base}/:id/previews/:previewId`,
      name: `${kind} share link revoked`,
      async run() {
        await from(admin).delete(`${base}/${doc.id}/previews/${doc.preview}`).expect(200);
        return on('preview_revoked', body.title);
      },
    },
  ];
  if (kind === 'page') {
    cases.push({
      route: 'PUT /api/pages/order',
      name: 'menu order changed',
      async run() {
        await from(admin)
          .put('/api/pages/order')
          .send({ ids: [doc.id] })
          .expect(200);
        return asAdmin('page.reordered');
      },
    });
  }
  cases.push({
    route: `DELETE ${base}/:id`,
    name: `${kind} deleted`,
    async run() {
      await from(admin).delete(`${base}/${doc.id}`).expect(200);
      return on('deleted', body.title);
    },
  });
  return cases;
}

/**
 * The token of the newest one-time link of this kind in the outbox (e-mail
 * is on and no worker sends, so the links stay there).
 */
async function linkToken(kind: string): Promise<string> {
  const row = await t.db('mail_outbox').where({ kind }).orderBy('id', 'desc').first('content');
  return /#([A-Za-z0-9_-]+)/.exec(String(row?.content))?.[1] ?? '';
}

/** Waits for the entry an answer does not wait for (a reset prepared after the answer). */
async function entryOf(action: AuditAction): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await t.db('audit_log').where({ action }).first()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The team: invitations (sent, sent again, accepted, withdrawn), a role
 * changed, an account deactivated, reactivated and deleted, a new e-mail
 * address asked for and confirmed, a password reset asked for and done.
 */
function teamCases(): Case[] {
  const colleague = { username: 'new-colleague', password: 'colleague-password-1', id: 0 };
  let agent: Client;
  let invitation = 0;
  const onColleague = (action: AuditAction, more: Partial<Expected> = {}) =>
    asAdmin(action, { target_type: 'user', target_id: String(colleague.id), ...more });
  return [
    {
      route: 'POST /api/users/invitations',
      name: 'a colleague invited',
      async run() {
        const res = await from(admin)
          .post('/api/users/invitations')
          .send({ email: 'new.colleague@example.com', role: 'editor' })
          .expect(201);
        invitation = res.body.data.id;
        return asAdmin('user.invited', {
          target_type: 'invitation',
          target_id: String(invitation),
          summary: 'new.colleague@example.com (editor)',
        });
      },
    },
    {
      route: 'POST /api/users/invitations/:id/resend',
      name: 'an invitation sent again',
      async run() {
        await from(admin).post(`/api/users/invitations/${invitation}/resend`).expect(200);
        return asAdmin('user.invitation_resent', { target_id: String(invitation) });
      },
    },
    {
      route: 'POST /api/auth/invitation/accept',
      name: 'an invitation accepted',
      async run() {
        agent = request.agent(t.app);
        const token = await linkToken('invitation');
        const res = await from(agent)
          .post('/api/auth/invitation/accept')
          .send({ token, username: colleague.username, password: colleague.password })
          .expect(201);
        expect(res.body.data.user.role).toBe('editor');
        colleague.id = (await t.db('users').where({ username: colleague.username }).first()).id;
        // The account is made, then signed in: recorded as any sign-in is.
        const accepted = await t
          .db('audit_log')
          .where({ action: 'user.invitation_accepted', actor: colleague.username })
          .first('ip');
        expect(accepted).toEqual({ ip: IP });
        return {
          action: 'auth.login',
          actor: colleague.username,
          target_type: 'user',
          target_id: String(colleague.id),
          summary: 'by invitation',
        };
      },
    },
    {
      route: 'POST /api/auth/email',
      name: 'a new e-mail address asked for',
      async run() {
        await from(agent)
          .post('/api/auth/email')
          .send({ email: 'colleague@example.org', current_password: colleague.password })
          .expect(200);
        return {
          action: 'account.email_change_requested',
          actor: colleague.username,
          summary: 'colleague@example.org',
        };
      },
    },
    {
      route: 'POST /api/auth/email/confirm',
      name: 'the new address confirmed',
      async run() {
        const token = await linkToken('email-confirm');
        await from(request(t.app)).post('/api/auth/email/confirm').send({ token }).expect(200);
        return { action: 'account.email_confirmed', actor: colleague.username };
      },
    },
    {
      route: 'POST /api/auth/password-reset',
      name: 'a password reset asked for',
      async run() {
        await from(request(t.app))
          .post('/api/auth/password-reset')
          .send({ email: 'colleague@example.org' })
          .expect(200);
        await entryOf('account.password_reset_requested');
        // Asked for by someone not signed in: no actor, the account as the target.
        return {
          action: 'account.password_reset_requested',
          actor: null,
          target_type: 'user',
          target_id: String(colleague.id),
        };
      },
    },
    {
      route: 'POST /api/auth/password-reset/confirm',
      name: 'a password reset by e-mail link',
      async run() {
        const token = await linkToken('password-reset');
        colleague.password = 'colleague-password-2';
        await from(request(t.app))
          .post('/api/auth/password-reset/confirm')
          .send({ token, password: colleague.password })
          .expect(200);
        return {
          action: 'account.password_reset',
          actor: colleague.username,
          summary: `${colleague.username} (e-mail link)`,
        };
      },
    },
    {
      route: 'POST /api/users/:id/2fa/reset',
      name: 'a colleague’s two-factor sign-in reset',
      async run() {
        await t.db('users').where({ id: colleague.id }).update({ totp_secret: 'JBSWY3DPEHPK3PXP' });
        await from(admin).post(`/api/users/${colleague.id}/2fa/reset`).expect(200);
        return onColleague('account.two_factor_reset', { summary: colleague.username });
      },
    },
    {
      route: 'PUT /api/users/:id',
      name: 'a role changed',
      async run() {
        await from(admin).put(`/api/users/${colleague.id}`).send({ role: 'sales' }).expect(200);
        return onColleague('user.role_changed', { summary: 'new-colleague: editor -> sales' });
      },
    },
    {
      route: 'PUT /api/users/:id',
      name: 'an account deactivated',
      async run() {
        await from(admin).put(`/api/users/${colleague.id}`).send({ active: false }).expect(200);
        return onColleague('user.deactivated');
      },
    },
    {
      route: 'PUT /api/users/:id',
      name: 'an account reactivated',
      async run() {
        await from(admin).put(`/api/users/${colleague.id}`).send({ active: true }).expect(200);
        return onColleague('user.reactivated');
      },
    },
    {
      route: 'DELETE /api/users/:id',
      name: 'an account deleted',
      async run() {
        await from(admin).delete(`/api/users/${colleague.id}`).expect(200);
        return onColleague('user.deleted', { summary: 'new-colleague (sales)' });
      },
    },
    {
      route: 'DELETE /api/users/invitations/:id',
      name: 'an invitation withdrawn',
      async run() {
        const res = await from(admin)
          .post('/api/users/invitations')
          .send({ email: 'maybe@example.com', role: 'sales' })
          .expect(201);
        await from(admin).delete(`/api/users/invitations/${res.body.data.id}`).expect(200);
        return asAdmin('user.invitation_withdrawn', { summary: 'maybe@example.com (sales)' });
      },
    },
  ];
}

const CASES: Case[] = [
  {
    route: 'POST /api/auth/login',
    name: 'a refused sign-in',
    async run() {
      await from(request(t.app))
        .post('/api/auth/login')
        .send({ ...TEST_ADMIN, password: 'not-the-password' })
        .expect(401);
      return asAdmin('auth.login_failed', { summary: 'wrong password' });
    },
  },
  {
    route: 'POST /api/auth/login',
    name: 'a sign-in',
    async run() {
      admin = request.agent(t.app);
      await from(admin).post('/api/auth/login').send(TEST_ADMIN).expect(200);
      return asAdmin('auth.login', { target_type: 'user' });
    },
  },
  {
    route: 'POST /api/auth/register',
    name: 'a registration',
    async run() {
      otherAgent = request.agent(t.app);
      await from(otherAgent).post('/api/auth/register').send(other).expect(201);
      // The account is made, then signed in: recorded as any sign-in is.
      const registered = await t
        .db('audit_log')
        .where({ action: 'auth.registered', actor: other.username })
        .first('ip', 'target_type');
      expect(registered).toEqual({ ip: IP, target_type: 'user' });
      return {
        action: 'auth.login',
        actor: other.username,
        target_type: 'user',
        summary: 'on registration',
      };
    },
  },
  {
    route: 'PUT /api/auth/profile',
    name: 'a wrong current password for a change',
    async run() {
      await from(otherAgent)
        .put('/api/auth/profile')
        .send({ username: `${other.username}-x`, current_password: 'not-the-password' })
        .expect(401);
      return {
        action: 'account.password_check_failed',
        actor: other.username,
        target_type: 'user',
        summary: 'profile change',
      };
    },
  },
  {
    route: 'PUT /api/auth/profile',
    name: 'a new username',
    async run() {
      const renamed = `${other.username}-2`;
      await from(otherAgent)
        .put('/api/auth/profile')
        .send({ username: renamed, current_password: other.password })
        .expect(200);
      other.username = renamed;
      return { action: 'account.username_changed', actor: renamed, target_type: 'user' };
    },
  },
  {
    route: 'POST /api/auth/2fa/enable',
    name: 'two-factor sign-in turned on',
    async run() {
      const setup = await from(otherAgent)
        .post('/api/auth/2fa/setup')
        .send({ password: other.password })
        .expect(200);
      secret = setup.body.data.secret;
      const code = await generate({ secret });
      const on = await from(otherAgent).post('/api/auth/2fa/enable').send({ code }).expect(200);
      recovery = on.body.data.recovery_codes;
      return { action: 'account.two_factor_enabled', actor: other.username, target_type: 'user' };
    },
  },
  {
    route: 'POST /api/auth/login/2fa',
    name: 'a sign-in with its second factor',
    async run() {
      const phone = request.agent(t.app);
      await from(phone).post('/api/auth/login').send(other).expect(200);
      await from(phone).post('/api/auth/login/2fa').send({ code: recovery[0] }).expect(200);
      return {
        action: 'auth.login',
        actor: other.username,
        target_type: 'user',
        summary: 'with second factor',
      };
    },
  },
  {
    route: 'POST /api/auth/2fa/recovery-codes',
    name: 'new recovery codes',
    async run() {
      const res = await from(otherAgent)
        .post('/api/auth/2fa/recovery-codes')
        .send({ password: other.password, code: recovery[1] })
        .expect(200);
      recovery = res.body.data.recovery_codes;
      return {
        action: 'account.recovery_codes_renewed',
        actor: other.username,
        target_type: 'user',
      };
    },
  },
  {
    route: 'POST /api/auth/2fa/move/confirm',
    name: 'two-factor sign-in moved to a new device',
    async run() {
      const moved = await from(otherAgent)
        .post('/api/auth/2fa/move')
        .send({ password: other.password, code: recovery[0] })
        .expect(200);
      secret = moved.body.data.secret;
      const code = await generate({ secret });
      const res = await from(otherAgent)
        .post('/api/auth/2fa/move/confirm')
        .send({ code })
        .expect(200);
      recovery = res.body.data.recovery_codes;
      return { action: 'account.two_factor_moved', actor: other.username, target_type: 'user' };
    },
  },
  {
    route: 'POST /api/auth/2fa/disable',
    name: 'a wrong code for a change',
    async run() {
      await from(otherAgent)
        .post('/api/auth/2fa/disable')
        .send({ password: other.password, code: 'aaaaa-bbbbb' })
        .expect(401);
      return {
        action: 'account.code_check_failed',
        actor: other.username,
        target_type: 'user',
        summary: 'two-factor off',
      };
    },
  },
  {
    route: 'POST /api/auth/2fa/disable',
    name: 'two-factor sign-in turned off',
    async run() {
      await from(otherAgent)
        .post('/api/auth/2fa/disable')
        .send({ password: other.password, code: recovery[1] })
        .expect(200);
      return { action: 'account.two_factor_disabled', actor: other.username, target_type: 'user' };
    },
  },
  {
    route: 'DELETE /api/auth/sessions/:id',
    name: 'one other session ended',
    async run() {
      await signedIn(t.app, other);
      const list = (await from(otherAgent).get('/api/auth/sessions').expect(200)).body.data;
      const elsewhere = list.find((s: { current: boolean }) => !s.current).id;
      await from(otherAgent).delete(`/api/auth/sessions/${elsewhere}`).expect(200);
      return { action: 'account.session_ended', actor: other.username, target_type: 'session' };
    },
  },
  {
    route: 'DELETE /api/auth/sessions/others',
    name: 'every other session ended',
    async run() {
      await signedIn(t.app, other);
      await from(otherAgent).delete('/api/auth/sessions/others').expect(200);
      return { action: 'account.other_sessions_ended', actor: other.username };
    },
  },
  {
    route: 'POST /api/auth/logout',
    name: 'a sign-out',
    async run() {
      await from(otherAgent).post('/api/auth/logout').expect(200);
      return { action: 'auth.logout', actor: other.username };
    },
  },
  ...documentCases('article', '/api/news', article),
  ...documentCases('page', '/api/pages', page),
  {
    route: 'PUT /api/site/texts',
    name: 'site texts changed',
    async run() {
      await from(admin)
        .put('/api/site/texts')
        .send({ values: { 'contact.details.phone': { de: '+49 30 1234 5678' } } })
        .expect(200);
      return asAdmin('site_texts.updated', {
        target_type: 'site_texts',
        summary: 'contact.details.phone',
      });
    },
  },
  {
    route: 'PUT /api/media/hero',
    name: 'the hero media changed',
    async run() {
      await from(admin)
        .put('/api/media/hero')
        .send({ video_id: null, poster_id: null })
        .expect(200);
      return asAdmin('media.hero_changed', { target_type: 'media', summary: '- / -' });
    },
  },
  {
    route: 'DELETE /api/demo',
    name: 'the demo articles removed',
    async run() {
      await from(admin).delete('/api/demo').expect(200);
      return asAdmin('article.demo_removed', { summary: '0' });
    },
  },
  {
    route: 'POST /api/media',
    name: 'an image uploaded',
    async run() {
      const res = await from(admin)
        .post('/api/media')
        .attach('file', await makeImage('png', { width: 64, height: 48 }), 'plan.png')
        .expect(201);
      ids.media = res.body.data.id;
      return asAdmin('media.uploaded', {
        target_type: 'media',
        target_id: String(ids.media),
        summary: 'plan.png',
      });
    },
  },
  {
    route: 'DELETE /api/media/:id',
    name: 'an image deleted',
    async run() {
      await from(admin).delete(`/api/media/${ids.media}`).expect(200);
      return asAdmin('media.deleted', { target_type: 'media', target_id: String(ids.media) });
    },
  },
  {
    route: 'PUT /api/contacts/:id/read',
    name: 'an enquiry read',
    async run() {
      const enquiry = { name: 'Ana Silva', email: 'ana@example.pt', message: 'A private text.' };
      ids.contact = (
        await request(t.app).post('/api/contacts').send(enquiry).expect(201)
      ).body.data.id;
      await from(admin).put(`/api/contacts/${ids.contact}/read`).send({ read: true }).expect(200);
      return onContact('contact.read');
    },
  },
  {
    route: 'PUT /api/contacts/:id/replied',
    name: 'an enquiry answered',
    async run() {
      await from(admin)
        .put(`/api/contacts/${ids.contact}/replied`)
        .send({ replied: true })
        .expect(200);
      return onContact('contact.replied');
    },
  },
  {
    route: 'POST /api/contacts/:id/replies',
    name: 'a reply sent, without its text',
    async run() {
      await from(admin)
        .post(`/api/contacts/${ids.contact}/replies`)
        .send({ message: 'A private answer.' })
        .expect(201);
      return onContact('contact.reply_sent');
    },
  },
  {
    route: 'POST /api/contacts/:id/notes',
    name: 'a note added, without its text',
    async run() {
      await from(admin)
        .post(`/api/contacts/${ids.contact}/notes`)
        .send({ text: 'A private note.' })
        .expect(201);
      return onContact('contact.note_added');
    },
  },
  {
    route: 'PUT /api/contacts/:id/assignee',
    name: 'an enquiry given to a colleague',
    async run() {
      const me = await t.db('users').where({ username: TEST_ADMIN.username }).first('id');
      await from(admin)
        .put(`/api/contacts/${ids.contact}/assignee`)
        .send({ user_id: me.id })
        .expect(200);
      return { ...onContact('contact.assigned'), summary: TEST_ADMIN.username };
    },
  },
  {
    route: 'PUT /api/contacts/:id/spam',
    name: 'an enquiry filed as spam',
    async run() {
      await from(admin).put(`/api/contacts/${ids.contact}/spam`).send({ spam: true }).expect(200);
      return onContact('contact.spam');
    },
  },
  {
    route: 'GET /api/contacts/export',
    name: 'the spam folder exported',
    async run() {
      await from(admin).get('/api/contacts/export?spam=true').expect(200);
      return asAdmin('contact.exported', { summary: 'spam' });
    },
  },
  {
    route: 'DELETE /api/contacts/:id',
    name: 'an enquiry deleted',
    async run() {
      await from(admin).delete(`/api/contacts/${ids.contact}`).expect(200);
      return onContact('contact.deleted');
    },
  },
  ...teamCases(),
  {
    // Last: staff must set up two-factor sign-in from here on.
    route: 'PUT /api/settings',
    name: 'a setting changed',
    async run() {
      await from(admin).put('/api/settings').send({ require_two_factor: true }).expect(200);
      return asAdmin('settings.changed', {
        target_type: 'setting',
        target_id: 'require_two_factor',
        summary: 'require_two_factor: false -> true',
      });
    },
  },
];

beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: 'true',
    ALLOW_REGISTRATION: 'true',
    RATE_LIMIT_CONTACT: '0',
    // E-mail on, but no worker sends: account links wait in the outbox, where the cases read them.
    SMTP_URL: 'smtp://127.0.0.1:9',
    MAIL_FROM: 'Forge Industrial <team@forge.example>',
    AUTO_REPLY: 'false',
  });
  ids = { contact: 0, media: 0 };
});
afterAll(() => t.destroy());

describe('the audit trail covers every state-changing call', () => {
  it('has a case (or a stated reason) for every state-changing route the API registers', () => {
    const writes = registeredRoutes(t.app)
      .filter((r) => r.method !== 'GET' || AUDITED_READS.includes(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}`);
    const covered = new Set([...CASES.map((c) => c.route), ...Object.keys(NOT_AUDITED)]);
    expect(writes.filter((route) => !covered.has(route))).toEqual([]);
    // And no case names a route that is gone.
    expect([...covered].filter((route) => !writes.includes(route))).toEqual([]);
  });

  it.each(CASES.map((c) => [c.route, c.name, c] as const))(
    '%s: %s',
    async (_route, _name, { run }) => {
      const last = Number((await t.db('audit_log').max({ id: 'id' }).first())?.id ?? 0);
      const expected = await run();
      const written = await t.db('audit_log').where('id', '>', last).orderBy('id');
      expect(written.length, 'entries written').toBeGreaterThan(0);
      const entry = written.at(-1)!;
      expect(entry).toMatchObject({ ...expected, ip: IP });
      const secrets = [
        other.password,
        TEST_ADMIN.password,
        'not-the-password',
        secret,
        ...recovery,
      ];
      const text = JSON.stringify(written);
      expect(text).not.toMatch(/private text|ana@example/i);
      for (const value of secrets.filter(Boolean)) expect(text).not.toContain(value);
    },
  );
});
