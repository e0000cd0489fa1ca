import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/features/auth/password';
import { createUsersRepo } from '../../server/features/auth/users.repo';
import { withCookieJar, type JarFetch } from '../../tests/support/desktop-cookie-jar';
import { startRealServer } from '../../tests/support/desktop-real-server';
import { forwardApiRequest } from './api-forward';
import { createEnquiryPoller, readStats, type Timers } from './enquiry-poller';

/**
 * The desktop app of a colleague who is not an admin, against the real
 * server: what main reads for the badge, and what the renderer's calls get,
 * as the colleague's role changes on the server.
 */

type Real = Awaited<ReturnType<typeof startRealServer>>;
const SALES = { username: 'desk-sales', password: 'desk-sales-password-1' };

let server: Real;
let jar: JarFetch;
let id: number;

const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
  forwardApiRequest(
    new Request(`app://admin${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        origin: 'app://admin',
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
    server.url,
    jar,
  );

const setAccount = (fields: { role?: string; active?: boolean }) =>
  server.db('users').where({ id }).update(fields);

async function enquiry(n: number) {
  const response = await fetch(`${server.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Visitor ${n}`,
      email: `visitor${n}@example.com`,
      message: 'We would like to hear about your welding cells.',
    }),
  });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  server = await startRealServer();
  const users = createUsersRepo(server.db);
  const password_hash = await hashPassword(SALES.password);
  id = (await users.insert({ username: SALES.username, password_hash, role: 'sales' })).id;
  jar = withCookieJar();
  expect((await call('/api/auth/login', { method: 'POST', body: SALES })).status).toBe(200);
});
afterAll(() => server.stop());

describe('a sales colleague’s desktop app', () => {
  it('badges the enquiries awaiting a reply, as for an admin', async () => {
    await enquiry(1);
    await enquiry(2);
    expect(await readStats(server.url, jar)).toMatchObject({ status: 'ok', waiting: 2 });
    expect((await call('/api/contacts')).status).toBe(200);
    // Articles to read, none to write.
    expect((await call('/api/news/admin')).status).toBe(200);
    expect((await call('/api/news', { method: 'POST', body: {} })).status).toBe(403);
  });

  it('clears the badge at the next poll once the role has no enquiries, and brings it back', async () => {
    const badges: number[] = [];
    const pending: (() => void)[] = [];
    const timers: Timers = {
      setTimeout: (fn) => pending.push(fn),
      clearTimeout: () => undefined,
    };
    const poller = createEnquiryPoller({
      read: () => readStats(server.url, jar),
      onBadge: (n) => badges.push(n),
      onNewEnquiries: () => undefined,
      onMoreUnread: () => undefined,
      timers,
    });
    const poll = async () => {
      const before = pending.length;
      pending.shift()?.();
      await expect.poll(() => pending.length).toBe(before);
    };
    poller.start();
    await expect.poll(() => pending.length).toBe(1);
    expect(badges).toEqual([2]);

    await setAccount({ role: 'editor' });
    expect(await readStats(server.url, jar)).toEqual({ status: 'signed-out' });
    await poll();
    expect(badges).toEqual([2, 0]);
    // The renderer is told the same at its next call; the session itself lives on.
    expect((await call('/api/contacts')).status).toBe(403);
    expect((await call('/api/auth/profile')).status).toBe(200);

    await setAccount({ role: 'sales' });
    await poll();
    expect(badges).toEqual([2, 0, 2]);
    poller.stop();
  });

  it('is signed out at its next request once deactivated', async () => {
    await setAccount({ active: false });
    expect(await readStats(server.url, jar)).toEqual({ status: 'signed-out' });
    expect((await call('/api/auth/profile')).status).toBe(401);
    await setAccount({ active: true });
    // The session ended for good: the colleague signs in again.
    expect((await call('/api/auth/profile')).status).toBe(401);
  });
});
