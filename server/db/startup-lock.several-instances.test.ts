import { connect, type Socket } from 'node:net';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceEnv, spawnInstance, type Instance } from '../../tests/support/instances';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../tests/support/postgres';
import { MIGRATIONS } from './migrations';

const title = postgresAvailable
  ? 'several instances on one PostgreSQL'
  : `several instances on one PostgreSQL (skipped: ${postgresUnavailable})`;

const enquiry = (n: number) => ({
  name: 'Sarah Thompson',
  email: `sarah${n}@thompson-plastics.example`,
  message: 'Could you send us a quote for a vision inspection cell?',
});

async function post(base: string, path: string, body: unknown, language = 'en') {
  const res = await fetch(`${base}${path}?lang=${language}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A raw HTTP/1.1 connection to an instance, reading what comes back. */
async function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (d) => (received += String(d)));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, received: () => received, closed };
}

describe.skipIf(!postgresAvailable)(title, () => {
  let pg: TestPostgres;
  const running: Instance[] = [];

  beforeAll(async () => {
    // A cluster of its own: a test below stops its server and starts it again.
    pg = (await startPostgres({ ownCluster: true }))!;
  });
  afterAll(async () => {
    await Promise.all(running.map((i) => i.stop()));
    await pg?.stop();
  });

  it('three started at the same moment on an empty database migrate once and all come up', async () => {
    const started = await Promise.all([1, 2, 3].map(() => spawnInstance(instanceEnv(pg.url))));
    running.push(...started);
    await Promise.all(started.map((i) => i.ready));
    for (const instance of started) {
      expect(instance.output()).not.toMatch(/Failed to start|already exists|usernameTaken/);
      expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
    }
    const db = knex({ client: 'pg', connection: pg.url, pool: { min: 0, max: 1 } });
    try {
      expect(await db('knex_migrations').count({ n: '*' })).toEqual([
        { n: String(MIGRATIONS.length) },
      ]);
      expect(await db('users').count({ n: '*' })).toEqual([{ n: '1' }]);
    } finally {
      await db.destroy();
    }
    const created = started.filter((i) => i.output().includes('admin account created'));
    expect(created).toHaveLength(1);
  }, 90_000);

  it('answers 503 while PostgreSQL is gone and recovers without a restart', async () => {
    const [a] = running;
    expect(await post(a!.url, '/api/contacts', enquiry(1))).toMatchObject({ status: 201 });
    pg.halt!();
    try {
      const health = await fetch(`${a!.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'unavailable' });
      const refused = await post(a!.url, '/api/contacts', enquiry(2), 'de');
      expect(refused.status).toBe(503);
      expect(refused.body.error).toBe(
        'Die Datenbank ist nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
      );
      expect(JSON.stringify(refused.body)).not.toMatch(/ECONNREFUSED|\bat\b.*:\d+:\d+/);
    } finally {
      pg.resume!();
    }
    await until(async () => (await fetch(`${a!.url}/healthz`)).status === 200, 15_000);
    expect(await post(a!.url, '/api/contacts', enquiry(3))).toMatchObject({ status: 201 });
    expect(a!.child.exitCode).toBeNull();
  }, 60_000);

  it('on SIGTERM closes idle kept-alive connections at once and answers in-flight requests with Connection: close', async () => {
    const instance = running[2]!;
    const idle = await rawConnection(instance.port);
    idle.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(async () => idle.received().includes('"status":"ok"'), 5_000);
    expect(idle.received()).toMatch(/connection: keep-alive/i);

    // A sign-in whose body is still arriving when the signal comes.
    const body = JSON.stringify({ username: 'test-admin', password: 'not-the-password' });
    const busy = await rawConnection(instance.port);
    busy.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    const stopping = Date.now();
    instance.child.kill('SIGTERM');
    await idle.closed;
    expect(Date.now() - stopping).toBeLessThan(2_000);
    busy.socket.write(body.slice(10));
    await busy.closed;
    expect(busy.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(busy.received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(await instance.exited).toBe(0);
  }, 30_000);
});
