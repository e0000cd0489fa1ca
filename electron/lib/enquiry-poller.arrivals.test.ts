import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCookieJar, type JarFetch } from '../../tests/support/desktop-cookie-jar';
import { DESKTOP_ADMIN, startRealServer } from '../../tests/support/desktop-real-server';
import { forwardApiRequest } from './api-forward';
import { createEnquiryPoller, readStats, type Timers } from './enquiry-poller';

/**
 * When the app says "new enquiry arrived", against real servers: only for
 * enquiries that arrived since the last poll, not for counts that moved
 * (an enquiry taken out of spam, marked spam or deleted), and never for
 * the difference between two servers.
 */

type Real = Awaited<ReturnType<typeof startRealServer>>;

let first: Real;
let second: Real;
let jar: JarFetch;

const call = (server: Real, path: string, method = 'GET', body?: unknown) =>
  forwardApiRequest(
    new Request(`app://admin${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: 'app://admin' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    server.url,
    jar,
  );

let visitor = 0;
/** An enquiry as the form stores one (straight into the database: the form's rate limit is low). */
async function enquiry(server: Real, fields: { spam?: boolean } = {}): Promise<number> {
  visitor++;
  const now = new Date();
  const [row] = await server
    .db('contacts')
    .insert({
      name: `Visitor ${visitor}`,
      email: `visitor${visitor}@example.com`,
      message: 'We would like to hear about your welding cells.',
      read: false,
      created_at: now.toISOString(),
      due_at: new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString(),
      ...fields,
    })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}

const markSpam = async (server: Real, id: number, spam: boolean) =>
  expect((await call(server, `/api/contacts/${id}/spam`, 'PUT', { spam })).status).toBe(200);

beforeAll(async () => {
  [first, second] = await Promise.all([startRealServer(), startRealServer()]);
  jar = withCookieJar();
  for (const server of [first, second])
    expect((await call(server, '/api/auth/login', 'POST', DESKTOP_ADMIN)).status).toBe(200);
});
afterAll(() => Promise.all([first.stop(), second.stop()]));

/** A poller reading `server()` as main does, with timers the test fires by hand. */
async function watch(server: () => Real) {
  const notes: [number, number][] = [];
  const pending: (() => void)[] = [];
  const timers: Timers = {
    setTimeout: (fn) => pending.push(fn),
    clearTimeout: () => undefined,
  };
  const poller = createEnquiryPoller({
    read: (seen) => readStats(server().url, jar, seen),
    onBadge: () => undefined,
    onNewEnquiries: (added, waiting) => notes.push([added, waiting]),
    onMoreUnread: () => undefined,
    timers,
  });
  poller.start();
  await expect.poll(() => pending.length).toBe(1);
  return {
    notes,
    async poll() {
      const before = pending.length;
      pending.shift()?.();
      await expect.poll(() => pending.length).toBe(before);
    },
    stop: () => poller.stop(),
  };
}

const waitingOn = async (server: Real) =>
  Number(
    (
      await server.db('contacts').where({ spam: false }).whereNull('replied_at').count({ n: '*' })
    )[0]?.n,
  );

describe('new-enquiry notifications', () => {
  it('tell of an arrival, not of an enquiry taken out of the spam folder', async () => {
    const app = await watch(() => first);
    await enquiry(first);
    await app.poll();
    expect(app.notes).toEqual([[1, await waitingOn(first)]]);

    // Spam filed on arrival, later taken out of the spam folder by a colleague: nothing new arrived.
    const filed = await enquiry(first, { spam: true });
    await app.poll();
    await markSpam(first, filed, false);
    await app.poll();
    expect(app.notes).toHaveLength(1);
    app.stop();
  });

  it('tell of arrivals while others are marked spam or deleted in the same minute', async () => {
    const [older, old] = [await enquiry(first), await enquiry(first)];
    const app = await watch(() => first);
    await markSpam(first, older, true);
    expect((await call(first, `/api/contacts/${old}`, 'DELETE')).status).toBe(200);
    await enquiry(first);
    await enquiry(first);
    await app.poll();
    expect(app.notes).toEqual([[2, await waitingOn(first)]]);
    app.stop();
  });

  it('do not compare one server’s enquiries with another’s', async () => {
    let server = first;
    const app = await watch(() => server);
    for (let i = 0; i < 5; i++) await enquiry(second);
    server = second;
    await app.poll();
    expect(app.notes).toEqual([]);
    await enquiry(second);
    await app.poll();
    expect(app.notes).toEqual([[1, await waitingOn(second)]]);

    // And back: the first server's arrivals meanwhile are not news either.
    await enquiry(first);
    server = first;
    await app.poll();
    expect(app.notes).toHaveLength(1);
    app.stop();
  });
});
