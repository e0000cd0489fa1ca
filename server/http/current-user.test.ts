import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORES } from '../../tests/support/stores';
import { createAccount, signedIn, type TestApp } from '../../tests/support/test-app';

/**
 * A session ended elsewhere (a password change, "sign out everywhere else",
 * a deactivation) stays ended even when one of its requests was still
 * under way: express-session writes a changed session back to the store
 * when its response ends, which puts the ended session back. Its row in
 * `user_sessions` is what says it is alive (current-user.ts), on SQLite and
 * PostgreSQL alike.
 */
describe.each(STORES)('a session ended while its request is under way, on $name', (store) => {
  let t: TestApp;
  let server: http.Server;

  beforeAll(async () => {
    if (store.skip) return;
    t = await store.openApp();
    server = http.createServer(t.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.destroy();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const cookieOf = async (creds: { username: string; password: string }) => {
    const res = await request(server).post('/api/auth/login').send(creds).expect(200);
    return String(res.headers['set-cookie']![0]).split(';')[0]!;
  };
  /** The handle of the account's only signed-in session so far (user_sessions). */
  const onlySession = async (username: string) => {
    const rows = (await t
      .db('user_sessions')
      .join('users', 'users.id', 'user_sessions.user_id')
      .where('users.username', username)
      .select('user_sessions.handle')) as { handle: string }[];
    expect(rows).toHaveLength(1);
    return rows[0]!.handle;
  };
  const lastSeen = async (handle: string) =>
    String((await t.db('user_sessions').where({ handle }).first('last_seen_at'))?.last_seen_at);

  /**
   * A request of the session behind `cookie`, a minute after it was last
   * used (so it notes the session's `last seen` and the session is written
   * back when it ends), whose body is still on its way; `finish` sends the
   * rest and resolves with the status once it is answered.
   */
  async function pendingRequest(cookie: string, handle: string) {
    const seen = await lastSeen(handle);
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000);
    const { port } = server.address() as AddressInfo;
    const slow = http.request({
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path: '/api/settings',
      headers: { cookie, 'content-type': 'application/json', 'content-length': '9' },
    });
    const status = new Promise<number>((resolve) =>
      slow.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      }),
    );
    slow.write('{"a":');
    // Past the session's bookkeeping (its `last seen` noted), and on to reading the body.
    await vi.waitFor(async () => expect(await lastSeen(handle)).not.toBe(seen), {
      timeout: 10_000,
      interval: 20,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    return {
      async finish() {
        slow.end('"b"}');
        return status;
      },
    };
  }

  it.skipIf(store.skip)('a password change ends it for good, however it was in use', async () => {
    const creds = await createAccount(t, 'editor', 'owner-ed', 'owner-password-12');
    const stolen = await cookieOf(creds);
    const handle = await onlySession(creds.username);
    const owner = request.agent(server);
    await owner.post('/api/auth/login').send(creds).expect(200);

    const pending = await pendingRequest(stolen, handle);
    await owner
      .put('/api/auth/profile')
      .send({ current_password: creds.password, password: 'brand-new-password-9' })
      .expect(200);
    expect(await pending.finish()).toBe(403);

    await request(server).get('/api/auth/profile').set('Cookie', stolen).expect(401);
    const sessions = (await owner.get('/api/auth/sessions').expect(200)).body.data;
    expect(sessions).toHaveLength(1);
    expect(sessions[0].current).toBe(true);
  });

  it.skipIf(store.skip)('a deactivation ends it for good, reactivation or not', async () => {
    const creds = await createAccount(t, 'sales', 'sales-member', 'sales-password-12');
    const stolen = await cookieOf(creds);
    const handle = await onlySession(creds.username);
    const admin = await signedIn(server as never);
    const { id } = (await t.db('users').where({ username: creds.username }).first('id')) as {
      id: number;
    };

    const pending = await pendingRequest(stolen, handle);
    await admin.put(`/api/users/${id}`).send({ active: false }).expect(200);
    await pending.finish();
    await admin.put(`/api/users/${id}`).send({ active: true }).expect(200);

    await request(server).get('/api/contacts').set('Cookie', stolen).expect(401);
  });
});
