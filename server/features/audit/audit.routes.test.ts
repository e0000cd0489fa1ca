import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import {
  createTestApp,
  createUser,
  signedIn,
  TEST_ADMIN,
  type TestApp,
} from '../../../tests/support/test-app';
import { UNKNOWN_ACCOUNT } from '#shared/audit';
import { createAuditService } from './audit.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_CONTACT: '0' });
  admin = request.agent(t.app);
  await admin
    .post('/api/auth/login')
    .set('X-Forwarded-For', '198.51.100.40')
    .send(TEST_ADMIN)
    .expect(200);
});
afterAll(() => t.destroy());

const entries = async (action: string) =>
  (await admin.get(`/api/audit?action=${action}`).expect(200)).body.data.entries;

const article = {
  title: 'Audit trail article',
  excerpt: 'Excerpt',
  content: 'Body',
  category: 'research',
  slug: 'audit-trail-article',
};

describe('the audit trail', () => {
  it('records sign-ins with who, when and from where, and failures by account', async () => {
    await request(t.app)
      .post('/api/auth/login')
      .set('X-Forwarded-For', '203.0.113.41')
      .send({ username: 'nobody-here', password: 'secret-guess-1' })
      .expect(401);
    const [failed] = await entries('auth.login_failed');
    expect(failed).toMatchObject({
      actor: UNKNOWN_ACCOUNT,
      ip: '203.0.113.41',
      summary: 'unknown username',
    });
    await request(t.app)
      .post('/api/auth/login')
      .set('X-Forwarded-For', '203.0.113.42')
      .send({ username: TEST_ADMIN.username, password: 'secret-guess-2' })
      .expect(401);
    const [wrong] = await entries('auth.login_failed');
    expect(wrong).toMatchObject({
      actor: TEST_ADMIN.username,
      ip: '203.0.113.42',
      summary: 'wrong password',
    });
    const [ok] = (await entries('auth.login')).slice(-1);
    expect(ok).toMatchObject({ actor: TEST_ADMIN.username, ip: '198.51.100.40' });
    expect(Date.now() - Date.parse(ok.at)).toBeLessThan(60_000);
    expect(JSON.stringify(await admin.get('/api/audit').expect(200))).not.toContain(
      'secret-guess-1',
    );
  });

  it('never keeps what was typed as the username of an account that does not exist', async () => {
    // A password typed into the username field: the trail is shown to every admin for a year.
    const typed = 'Tr0ub4dor&3-horse-battery';
    await request(t.app)
      .post('/api/auth/login')
      .set('X-Forwarded-For', '203.0.113.43')
      .send({ username: typed, password: 'the-real-password-1' })
      .expect(401);
    const rows = await t.db('audit_log').select();
    expect(JSON.stringify(rows)).not.toContain(typed);
    expect(JSON.stringify(rows)).not.toContain('Tr0ub4dor');
    const [failed] = await entries('auth.login_failed');
    // The failure and where it came from stay.
    expect(failed).toMatchObject({
      actor: UNKNOWN_ACCOUNT,
      ip: '203.0.113.43',
      summary: 'unknown username',
    });
    expect(JSON.stringify(await admin.get('/api/audit?per_page=50').expect(200))).not.toContain(
      typed,
    );
  });

  it('records article writes, publication and deletion', async () => {
    const created = (await admin.post('/api/news').send(article).expect(201)).body.data;
    await admin
      .put(`/api/news/${created.id}`)
      .send({ ...article, title: 'Renamed' })
      .expect(200);
    await admin.put(`/api/news/${created.id}`).send({ published: true }).expect(200);
    await admin.put(`/api/news/${created.id}`).send({ published: false }).expect(200);
    await admin.delete(`/api/news/${created.id}`).expect(200);
    await admin.delete(`/api/news/${created.id}`).expect(404);
    // Each entry is written before the answer goes out.
    const all = (await admin.get('/api/audit?per_page=50').expect(200)).body.data.entries;
    const forArticle = all
      .filter((e: { target_id: string }) => e.target_id === String(created.id))
      .filter((e: { target_type: string }) => e.target_type === 'article')
      .map((e: { action: string; summary: string }) => [e.action, e.summary]);
    expect(forArticle.reverse()).toEqual([
      ['article.created', 'Audit trail article'],
      ['article.updated', 'Renamed'],
      ['article.published', 'Renamed'],
      ['article.unpublished', 'Renamed'],
      ['article.deleted', 'Renamed'],
    ]);
  });

  it('records enquiry changes without their text', async () => {
    const id = (
      await request(t.app)
        .post('/api/contacts')
        .send({ name: 'Ana Silva', email: 'ana@example.pt', message: 'A private message body.' })
        .expect(201)
    ).body.data.id;
    await admin.put(`/api/contacts/${id}/read`).send({ read: true }).expect(200);
    await admin.put(`/api/contacts/${id}/read`).send({ read: false }).expect(200);
    await admin.delete(`/api/contacts/${id}`).expect(200);
    const all = (await admin.get('/api/audit?per_page=50').expect(200)).body.data;
    const mine = all.entries.filter(
      (e: { target_id: string; target_type: string }) =>
        e.target_type === 'contact' && e.target_id === String(id),
    );
    expect(mine.map((e: { action: string }) => e.action).reverse()).toEqual([
      'contact.read',
      'contact.unread',
      'contact.deleted',
    ]);
    expect(JSON.stringify(all)).not.toMatch(/private message|ana@example/);
  });

  it('records account changes', async () => {
    const agent = await signedIn(t.app);
    await agent
      .put('/api/auth/profile')
      .send({ password: 'another-password-9', current_password: TEST_ADMIN.password })
      .expect(200);
    await agent
      .put('/api/auth/profile')
      .send({ password: TEST_ADMIN.password, current_password: 'another-password-9' })
      .expect(200);
    // The password change ended the other admin agent's session: sign in again.
    await admin
      .post('/api/auth/login')
      .set('X-Forwarded-For', '198.51.100.40')
      .send(TEST_ADMIN)
      .expect(200);
    const changes = await entries('account.password_changed');
    expect(changes).toHaveLength(2);
    expect(JSON.stringify(changes)).not.toContain('another-password-9');
  });

  it('pages newest first, filters by action, and is for admins only', async () => {
    const page = (await admin.get('/api/audit?page=1&per_page=2').expect(200)).body.data;
    expect(page.entries).toHaveLength(2);
    expect(page.current_page).toBe(1);
    // AUDIT_RETENTION_DAYS as configured (365 by default), for the admin to show.
    expect(page.retention_days).toBe(365);
    expect(page.total).toBeGreaterThan(5);
    expect(page.pages).toBe(Math.ceil(page.total / 2));
    expect(Date.parse(page.entries[0].at)).toBeGreaterThanOrEqual(Date.parse(page.entries[1].at));
    await admin.get('/api/audit?action=nonsense').expect(400);
    await request(t.app).get('/api/audit').expect(401);
    const reader = await createUser(t, 'auditreader');
    const agent = await signedIn(t.app, reader);
    await agent.get('/api/audit').expect(403);
  });

  it('forgets entries older than the retention', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await t.db('audit_log').insert({ at: old, action: 'auth.login', summary: 'ancient' });
    const audit = createAuditService({
      db: t.db,
      logger: pino({ level: 'silent' }),
      retentionDays: 365,
    });
    expect(await audit.prune()).toBe(1);
    expect(await t.db('audit_log').where({ summary: 'ancient' }).first()).toBeUndefined();
  });
});
