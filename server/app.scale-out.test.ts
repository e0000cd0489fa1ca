import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceEnv, spawnInstance, type Instance } from '../tests/support/instances';
import { findNginx, startProxy } from '../tests/support/nginx-proxy';
import {
  freePort,
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../tests/support/postgres';
import { startSmtpServer, type TestSmtpServer } from '../tests/support/smtp-server';
import { TEST_ADMIN } from '../tests/support/test-app';

const nginx = findNginx();
const missing = [!postgresAvailable && postgresUnavailable, !nginx && 'nginx not found'].filter(
  Boolean,
);
const title = missing.length
  ? `two instances behind nginx (skipped: ${missing.join('; ')})`
  : 'two instances on one PostgreSQL behind nginx';
const CONTACT_LIMIT = 4;
const STAFF = 'sales@forge.example';

type Answer = { status: number; body: string; upstream: string | null };

describe.skipIf(missing.length > 0)(title, () => {
  let pg: TestPostgres;
  let smtp: TestSmtpServer;
  let a: Instance;
  let b: Instance;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let cookie = '';

  async function call(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
    const res = await fetch(base + path, {
      ...init,
      headers: { 'Content-Type': 'application/json', Cookie: cookie, ...init.headers },
    });
    const body = await res.text();
    return {
      status: res.status,
      body,
      upstream: res.headers.get('x-upstream'),
    };
  }
  const post = (base: string, path: string, data: unknown) =>
    call(base, path, { method: 'POST', body: JSON.stringify(data) });

  beforeAll(async () => {
    [pg, smtp] = await Promise.all([startPostgres().then((p) => p!), startSmtpServer()]);
    const env = instanceEnv(pg.url, {
      RATE_LIMIT_CONTACT: String(CONTACT_LIMIT),
      TRUST_PROXY: 'loopback',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Forge Industrial <hello@forge.example>',
      NOTIFY_EMAIL: STAFF,
    });
    [a, b] = await Promise.all([spawnInstance(env), spawnInstance(env)]);
    await Promise.all([a.ready, b.ready]);
    proxy = await startProxy(nginx!, [a.port, b.port], await freePort());
  }, 90_000);

  afterAll(async () => {
    await Promise.allSettled([a?.stop(), b?.stop(), proxy?.stop(), smtp?.close()]);
    await pg?.stop();
  });

  it('keeps one session across both: twenty admin calls after one sign-in all succeed', async () => {
    const login = await fetch(`${proxy.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    expect(login.status).toBe(200);
    cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const calls = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(proxy.url, i % 2 ? '/api/contacts/stats' : '/api/auth/profile'),
      ),
    );
    expect(calls.map((c) => c.status)).toEqual(Array(20).fill(200));
    const upstreams = new Set(calls.map((c) => c.upstream));
    expect(upstreams).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
  });

  it('shows an article published through A on B’s /news at once', async () => {
    // B has the list in its page cache before the article exists.
    await call(b.url, '/news');
    expect((await call(b.url, '/news')).status).toBe(200);
    const created = await post(a.url, '/api/news', {
      title: 'Cobots reach the paint shop',
      excerpt: 'Two cobots now prime every panel.',
      content: 'Both cells went live this week.',
      category: 'research',
      slug: 'cobots-paint-shop',
      published: true,
    });
    expect(created.status).toBe(201);
    const page = await fetch(`${b.url}/news`);
    expect(await page.text()).toContain('Cobots reach the paint shop');
  });

  it('holds one contact limit across both and sends one staff e-mail per enquiry', async () => {
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(proxy.url, '/api/contacts', {
          name: 'Sarah Thompson',
          email: `sarah${i}@thompson-plastics.example`,
          message: 'Could you send us a quote for a vision inspection cell?',
        }),
      ),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([
      ...Array(CONTACT_LIMIT).fill(201),
      ...Array(10 - CONTACT_LIMIT).fill(429),
    ]);
    expect(new Set(burst.map((r) => r.upstream)).size).toBe(2);
    const toStaff = () => smtp.received.filter((m) => m.envelope.to.includes(STAFF));
    await expect.poll(() => toStaff().length, { timeout: 15_000 }).toBe(CONTACT_LIMIT);
    // Both workers had time to pick any row twice: still one alert per enquiry.
    await new Promise((r) => setTimeout(r, 1500));
    expect(toStaff()).toHaveLength(CONTACT_LIMIT);
  });

  it('loses no GET and stores each POST once while B stops on SIGTERM', async () => {
    const gets: Promise<Answer>[] = [];
    const posts: { slug: string; answer: Promise<Answer> }[] = [];
    const paths = ['/news', '/', '/api/news', '/contact', '/rss.xml'];
    let stopped: Promise<number | null> | undefined;
    for (let i = 0; i < 150; i++) {
      gets.push(call(proxy.url, paths[i % paths.length]!));
      if (i % 10 === 0) {
        const slug = `draft-during-stop-${i}`;
        const body = {
          title: `Draft ${i}`,
          excerpt: 'E',
          content: 'C',
          category: 'research',
          slug,
        };
        posts.push({ slug, answer: post(proxy.url, '/api/news', body) });
      }
      if (i === 40) {
        stopped = b.stop('SIGTERM');
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const answers = await Promise.all(gets);
    const failed = answers.filter((r) => r.status !== 200);
    expect(failed.map((r) => `${r.status} ${r.body.slice(0, 200)}`)).toEqual([]);
    expect(await stopped).toBe(0);
    expect(b.output()).toMatch(/"msg":"stopped"/);
    const db = knex({ client: 'pg', connection: pg.url, pool: { min: 0, max: 1 } });
    try {
      for (const { slug, answer } of posts) {
        const { status } = await answer;
        const [{ n }] = (await db('news').where({ slug }).count({ n: '*' })) as [{ n: string }];
        expect([slug, status, n]).toEqual([slug, status, status === 201 ? '1' : '0']);
        expect([201, 502, 503]).toContain(status);
      }
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
