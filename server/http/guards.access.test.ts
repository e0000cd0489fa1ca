import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, STAFF_ROLES, type Role } from '#shared/roles';
import { registeredRoutes } from '../../tests/support/api-routes';
import {
  createAccount,
  createTestApp,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../../tests/support/test-app';
import type { AccessRule } from './guards';

/**
 * Who may call each API route. A route missing here fails the test below, so
 * a new route cannot go out without a rule someone decided on.
 */
const RULES: Record<string, AccessRule> = {
  'POST /api/auth/login': 'anyone',
  'POST /api/auth/login/2fa': 'anyone',
  'POST /api/auth/register': 'anyone',
  'GET /api/auth/profile': 'signed-in',
  'PUT /api/auth/profile': 'signed-in',
  'POST /api/auth/logout': 'anyone',
  'GET /api/auth/sessions': 'signed-in',
  'DELETE /api/auth/sessions/others': 'signed-in',
  'DELETE /api/auth/sessions/:id': 'signed-in',
  'POST /api/auth/2fa/setup': 'signed-in',
  'POST /api/auth/2fa/enable': 'signed-in',
  'POST /api/auth/2fa/disable': 'signed-in',
  'GET /api/auth/2fa': 'signed-in',
  'POST /api/auth/2fa/move': 'signed-in',
  'POST /api/auth/2fa/move/confirm': 'signed-in',
  'POST /api/auth/2fa/recovery-codes': 'signed-in',
  'POST /api/auth/invitation/check': 'anyone',
  'POST /api/auth/invitation/accept': 'anyone',
  'POST /api/auth/password-reset': 'anyone',
  'POST /api/auth/password-reset/check': 'anyone',
  'POST /api/auth/password-reset/confirm': 'anyone',
  'POST /api/auth/email': 'signed-in',
  'POST /api/auth/email/confirm': 'anyone',
  'GET /api/users': 'users',
  'GET /api/users/staff': 'staff',
  'POST /api/users/:id/2fa/reset': 'users',
  'GET /api/users/invitations': 'users',
  'POST /api/users/invitations': 'users',
  'POST /api/users/invitations/:id/resend': 'users',
  'DELETE /api/users/invitations/:id': 'users',
  'PUT /api/users/:id': 'users',
  'DELETE /api/users/:id': 'users',
  'GET /api/news': 'anyone',
  'GET /api/news/categories': 'anyone',
  'GET /api/news/admin': 'articles',
  'GET /api/news/:slug': 'anyone',
  'POST /api/news': 'content',
  'PUT /api/news/:id': 'content',
  'DELETE /api/news/:id': 'content',
  'POST /api/news/:id/previews': 'content',
  'GET /api/news/:id/previews': 'content',
  'DELETE /api/news/:id/previews/:previewId': 'content',
  'GET /api/news/:id/revisions': 'articles',
  'POST /api/news/:id/revisions/:revisionId/restore': 'content',
  'GET /api/pages': 'content',
  'GET /api/pages/navigation': 'anyone',
  'PUT /api/pages/order': 'content',
  'GET /api/pages/:slug': 'anyone',
  'POST /api/pages': 'content',
  'PUT /api/pages/:id': 'content',
  'DELETE /api/pages/:id': 'content',
  'POST /api/pages/:id/previews': 'content',
  'GET /api/pages/:id/previews': 'content',
  'DELETE /api/pages/:id/previews/:previewId': 'content',
  'GET /api/pages/:id/revisions': 'content',
  'POST /api/pages/:id/revisions/:revisionId/restore': 'content',
  'GET /api/previews/:token': 'anyone',
  'POST /api/media': 'content',
  'GET /api/media': 'content',
  'DELETE /api/media/:id': 'content',
  'GET /api/media/limits': 'content',
  'GET /api/media/hero': 'anyone',
  'PUT /api/media/hero': 'content',
  'POST /api/contacts': 'anyone',
  'GET /api/analytics': 'analytics',
  'POST /api/analytics/views': 'anyone',
  'GET /api/contacts': 'enquiries',
  'GET /api/contacts/stats': 'enquiries',
  'GET /api/contacts/export': 'enquiries',
  'GET /api/contacts/:id': 'enquiries',
  'PUT /api/contacts/:id/read': 'enquiries',
  'PUT /api/contacts/:id/replied': 'enquiries',
  'PUT /api/contacts/:id/spam': 'enquiries',
  'DELETE /api/contacts/:id': 'enquiries',
  'GET /api/contacts/:id/reply-template': 'enquiries',
  'POST /api/contacts/:id/replies': 'enquiries',
  'POST /api/contacts/:id/notes': 'enquiries',
  'PUT /api/contacts/:id/assignee': 'enquiries',
  'GET /api/llm/llm-status': 'staff',
  'POST /api/llm/generate-news-content': 'content',
  'POST /api/llm/translate-news': 'content',
  'POST /api/llm/translate-texts': 'content',
  'POST /api/llm/draft-reply': 'enquiries',
  'GET /api/audit': 'audit',
  'GET /api/mail/status': 'enquiries',
  'GET /api/site/texts': 'content',
  'PUT /api/site/texts': 'content',
  'POST /api/site/preview': 'content',
  'GET /api/site/catalogue/:language': 'anyone',
  'GET /api/demo': 'articles',
  'DELETE /api/demo': 'content',
  'GET /api/settings': 'settings',
  'PUT /api/settings': 'settings',
  'GET /api/webhooks/deliveries': 'settings',
};

const AUTH_REQUIRED = 'Authentication required';
const ACCESS_DENIED = 'Access denied. Admin privileges required.';

type Actor = {
  name: string;
  role: Role | null;
  client: () => request.Agent | request.SuperTest<request.Test>;
};

let t: TestApp;
let actors: Actor[];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CONTACT: '0' });
  const agent = async (role: Role) => signedIn(t.app, await createAccount(t, role));
  const [admin, editor, sales, user] = await Promise.all([
    signedIn(t.app, TEST_ADMIN),
    agent('editor'),
    agent('sales'),
    agent('user'),
  ]);
  const anonymous = request(t.app);
  actors = [
    { name: 'anonymous', role: null, client: () => anonymous },
    { name: 'user', role: 'user', client: () => user },
    { name: 'sales', role: 'sales', client: () => sales },
    { name: 'editor', role: 'editor', client: () => editor },
    { name: 'admin', role: 'admin', client: () => admin },
  ];
});
afterAll(() => t.destroy());

/** What the guard should answer this actor on a route of this rule: a refusal, or nothing. */
function refusal(rule: AccessRule, role: Role | null): [number, string] | null {
  if (rule === 'anyone') return null;
  if (role === null) return [401, AUTH_REQUIRED];
  if (rule === 'signed-in') return null;
  return can(role, rule) ? null : [403, ACCESS_DENIED];
}

describe('every API route has one access rule, kept for every role', () => {
  it('declares exactly the rule listed here, through one guard, on every route', () => {
    const routes = registeredRoutes(t.app);
    const declared = Object.fromEntries(routes.map((r) => [`${r.method} ${r.path}`, r.rules]));
    for (const [route, rules] of Object.entries(declared)) {
      expect(rules, `${route} must start with one allow(...) guard`).toHaveLength(1);
      expect(rules[0], `${route} has no rule in guards.access.test.ts`).toBe(RULES[route]);
    }
    expect(Object.keys(declared).sort()).toEqual(Object.keys(RULES).sort());
  });

  it('answers 401 to strangers, 403 to roles without the capability, and lets the rest through', async () => {
    // Signing out last: it ends the session the later calls would need.
    const routes = registeredRoutes(t.app).sort(
      (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
    );
    // Each actor walks every route in turn; the actors walk side by side.
    const checked = await Promise.all(
      actors.map(async ({ name, role, client }) => {
        let count = 0;
        for (const { method, path } of routes) {
          const rule = RULES[`${method} ${path}`]!;
          // Ids that match nothing: an allowed call fails further on (404, 400) and changes nothing.
          const url = path.replace(/:[A-Za-z]+/g, '999999');
          const res = await client()[method.toLowerCase() as 'post'](url).send({});
          const label = `${method} ${url} as ${name}`;
          const expected = refusal(rule, role);
          if (expected) {
            expect([res.status, res.body.error], label).toEqual(expected);
          } else {
            expect(res.body.error ?? '', label).not.toBe(AUTH_REQUIRED);
            expect(res.body.error ?? '', label).not.toBe(ACCESS_DENIED);
          }
          count++;
        }
        return count;
      }),
    );
    expect(checked.reduce((a, b) => a + b, 0)).toBe(Object.keys(RULES).length * actors.length);
  }, 60_000);

  it('gives every staff role, and only those, the way into the admin', async () => {
    for (const role of STAFF_ROLES) {
      const account = await createAccount(t, role, `gate-${role}`);
      const agent = await signedIn(t.app, account);
      const res = await agent.get('/api/auth/profile').expect(200);
      expect(res.body.data.user).toEqual({
        username: `gate-${role}`,
        name: null,
        language: null,
        is_admin: true,
        role,
      });
    }
    const visitor = await signedIn(t.app, await createAccount(t, 'user', 'gate-user'));
    const res = await visitor.get('/api/auth/profile').expect(200);
    expect(res.body.data.user).toEqual({
      username: 'gate-user',
      name: null,
      language: null,
      is_admin: false,
      role: 'user',
    });
  });
});

describe('a change to an account counts at its next request', () => {
  it('applies a new role at once, without signing in again', async () => {
    await createAccount(t, 'editor', 'moving-editor');
    const agent = await signedIn(t.app, {
      username: 'moving-editor',
      password: 'editor-password-1',
    });
    await agent.get('/api/contacts').expect(403);
    await t.db('users').where({ username: 'moving-editor' }).update({ role: 'sales' });
    await agent.get('/api/contacts').expect(200);
    await agent.post('/api/news').send({}).expect(403);
    expect((await agent.get('/api/auth/profile').expect(200)).body.data.user.role).toBe('sales');
  });

  it('signs a deactivated or deleted account out at its next request', async () => {
    const account = await createAccount(t, 'sales', 'leaving-sales');
    const agent = await signedIn(t.app, account);
    await agent.get('/api/contacts').expect(200);
    await t.db('users').where({ username: 'leaving-sales' }).update({ active: false });
    const res = await agent.get('/api/contacts').expect(401);
    expect(res.body.error).toBe(AUTH_REQUIRED);
    await t.db('users').where({ username: 'leaving-sales' }).update({ active: true });
    // The session is gone for good: reactivating does not bring it back.
    await agent.get('/api/contacts').expect(401);

    const gone = await signedIn(t.app, await createAccount(t, 'editor', 'gone-editor'));
    await t.db('users').where({ username: 'gone-editor' }).delete();
    await gone.get('/api/auth/profile').expect(401);
  });

  it('refuses a deactivated account at sign-in with its own message, after the password only', async () => {
    const account = await createAccount(t, 'editor', 'off-editor');
    await t.db('users').where({ username: 'off-editor' }).update({ active: false });
    const wrong = await request(t.app)
      .post('/api/auth/login')
      .send({ username: 'off-editor', password: 'not-the-password' })
      .expect(401);
    expect(wrong.body.error).toBe('Invalid username or password');
    const right = await request(t.app).post('/api/auth/login').send(account).expect(401);
    expect(right.body.error).toMatch(/deactivated/);
  });
});

describe('drafts shown to staff on the site and the reading API', () => {
  it("shows each its role's drafts, and none while the site's two-factor setup is due", async () => {
    const admin = await signedIn(t.app, TEST_ADMIN);
    await admin
      .post('/api/news')
      .send({
        title: 'Embargoed launch',
        excerpt: 'Not out yet',
        content: 'The embargoed text.',
        category: 'robotics',
        slug: 'embargoed-launch',
        published: false,
      })
      .expect(201);
    await admin
      .post('/api/pages')
      .send({
        title: 'Unannounced careers',
        content: 'The unannounced page.',
        slug: 'unannounced-careers',
        nav: 'none',
        published: false,
      })
      .expect(201);
    const sees = async (client: request.Agent | request.SuperTest<request.Test>) => {
      const statuses = await Promise.all(
        [
          '/api/news/embargoed-launch',
          '/embargoed-launch',
          '/api/pages/unannounced-careers',
          '/unannounced-careers',
        ].map(async (path) => (await client.get(path)).status),
      );
      return { article: statuses.slice(0, 2), page: statuses.slice(2) };
    };
    // Fresh sessions: the route walk above signs its actors out.
    const agents: Record<string, request.Agent | request.SuperTest<request.Test>> = {
      anonymous: request(t.app),
      admin,
    };
    for (const role of ['user', 'sales', 'editor'] as const) {
      agents[role] = await signedIn(t.app, await createAccount(t, role, `drafts-${role}`));
    }
    const client = (name: string) => agents[name]!;
    // Sales reads articles (drafts too), not pages; editors and admins both.
    expect(await sees(client('anonymous'))).toEqual({ article: [404, 404], page: [404, 404] });
    expect(await sees(client('user'))).toEqual({ article: [404, 404], page: [404, 404] });
    expect(await sees(client('sales'))).toEqual({ article: [200, 200], page: [404, 404] });
    expect(await sees(client('editor'))).toEqual({ article: [200, 200], page: [200, 200] });
    expect(await sees(client('admin'))).toEqual({ article: [200, 200], page: [200, 200] });

    // An account that owes the two-factor setup sees what visitors see, as the API refuses it.
    await admin.put('/api/settings').send({ require_two_factor: true }).expect(200);
    try {
      await client('editor').get('/api/news/admin').expect(403);
      expect(await sees(client('editor'))).toEqual({ article: [404, 404], page: [404, 404] });
      expect(await sees(client('sales'))).toEqual({ article: [404, 404], page: [404, 404] });
    } finally {
      await t.db('settings').where({ key: 'require_two_factor' }).delete();
    }
    expect(await sees(client('editor'))).toEqual({ article: [200, 200], page: [200, 200] });
  });
});
