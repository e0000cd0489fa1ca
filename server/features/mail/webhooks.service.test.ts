import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAST_TIMING, until } from '../../../tests/support/mail';
import {
  createAccount,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../../tests/support/test-app';
import { createSettingsService } from '../settings/settings.service';
import { createMailWorker, type MailWorker } from './mail.worker';
import { isSpecialAddress, webhookUrlProblem } from './webhook-address';
import {
  classifyWebhookFailure,
  createWebhookTransport,
  webhookSignature,
} from './webhook-transport';

/**
 * The enquiry webhook against a real HTTP server on 127.0.0.1: signed
 * JSON for each new enquiry, retried through the outbox while the receiver
 * fails, its calls listed for the admin; private addresses refused unless
 * the operator allows them.
 */
type Received = { headers: IncomingMessage['headers']; body: string };

let receiver: Server;
let url: string;
let received: Received[] = [];
/** The status each next call is answered with (then 204). */
let answers: number[] = [];
let t: TestApp;
let worker: MailWorker;
let admin: Awaited<ReturnType<typeof signedIn>>;
const secret = 'not-so-secret';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/enquiries`;
  // No SMTP_URL: webhooks do not need e-mail. The receiver is on loopback, which the operator allows.
  t = await createTestApp({
    RATE_LIMIT_CONTACT: '0',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    PUBLIC_URL: 'https://www.forge.example',
  });
  admin = await signedIn(t.app);
  worker = createMailWorker({
    db: t.db,
    mail: t.config.mail,
    logger: t.logger,
    signal: t.outboxSignal,
    timing: FAST_TIMING,
    webhooks: {
      transport: createWebhookTransport({ allowPrivate: true }),
      setting: async () => {
        const now = await createSettingsService({ db: t.db }).current();
        return { url: now.webhook_url, secret: now.webhook_secret };
      },
    },
  });
  worker.start();
  await admin.put('/api/settings').send({ webhook_url: url, webhook_secret: secret }).expect(200);
});
afterAll(async () => {
  await worker.stop();
  await t.destroy();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received = [];
  answers = [];
});

const enquiry = {
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: 'Metalúrgica do Norte',
  message: 'Precisamos de duas células de soldadura.',
  language: 'pt',
};

/** Posts an enquiry (`typed` over the usual fields), waits for its one call, answers both. */
async function enquiryAndItsCall(typed: Record<string, string>) {
  const { id } = (
    await request(t.app)
      .post('/api/contacts')
      .send({ ...enquiry, ...typed })
      .expect(201)
  ).body.data as { id: number };
  await until(
    async () => received.length,
    (n) => n === 1,
  );
  return { id, body: JSON.parse(received[0]!.body) as Record<string, unknown> };
}

describe('the webhook for new enquiries', () => {
  it('posts each new enquiry as signed JSON a receiver can check, and lists the call', async () => {
    const id = (await request(t.app).post('/api/contacts').send(enquiry).expect(201)).body.data.id;
    await until(
      async () => received.length,
      (n) => n === 1,
    );
    const [call] = received;
    expect(call!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(call!.headers['x-webhook-event']).toBe('enquiry.created');
    const timestamp = Number(call!.headers['x-webhook-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(call!.headers['x-webhook-signature']).toBe(
      webhookSignature(secret, timestamp, call!.body),
    );
    const body = JSON.parse(call!.body);
    expect(body).toEqual({
      event: 'enquiry.created',
      text: `New enquiry from Ana Silva (Metalúrgica do Norte): https://www.forge.example/admin?tab=contacts&contact=${id}`,
      mrkdwn: false,
      enquiry: {
        id,
        name: 'Ana Silva',
        email: 'ana@example.pt',
        company: 'Metalúrgica do Norte',
        message: enquiry.message,
        language: 'pt',
        created_at: expect.any(String),
        due_at: expect.any(String),
        admin_url: `https://www.forge.example/admin?tab=contacts&contact=${id}`,
      },
    });
    const list = await until(
      async () => (await admin.get('/api/webhooks/deliveries').expect(200)).body.data,
      (rows: { status: string }[]) => rows[0]?.status === 'sent',
    );
    expect(list[0]).toMatchObject({
      contact_id: id,
      url,
      status: 'sent',
      attempts: 1,
      last_error: null,
    });
    // E-mail is off, and the webhook's calls are not e-mail.
    expect((await admin.get('/api/mail/status').expect(200)).body.data).toMatchObject({
      enabled: false,
      pending: 0,
    });
  });

  it('tries again with back-off while the receiver fails, and never for spam', async () => {
    answers = [503, 500];
    const id = (await request(t.app).post('/api/contacts').send(enquiry).expect(201)).body.data.id;
    await request(t.app)
      .post('/api/contacts')
      .send({ ...enquiry, message: 'http://spam.example/only-a-link' })
      .expect(201);
    await until(
      async () => received.length,
      (n) => n === 3,
    );
    const ids = received.map((r) => r.headers['x-webhook-id']);
    expect(new Set(ids).size).toBe(1); // the same call each time, for the receiver to recognise
    const [row] = await until(
      async () => (await admin.get('/api/webhooks/deliveries').expect(200)).body.data,
      (rows: { status: string }[]) => rows[0]?.status === 'sent',
    );
    expect(row).toMatchObject({ contact_id: id, status: 'sent', attempts: 3 });
    expect(
      await t.db('mail_outbox').where({ kind: 'webhook' }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 2 });
  });

  it.each([
    [
      'a channel ping and a Slack link',
      { name: '<!channel> Ana', company: '<https://evil.example|Metalúrgica do Norte>' },
      'New enquiry from &lt;!channel&gt; Ana (&lt;https://evil.example|Metalúrgica do Norte&gt;)',
    ],
    [
      'a Markdown link and an ampersand',
      { name: 'Ana [Silva](https://evil.example)', company: 'Silva & Filhos' },
      'New enquiry from Ana [Silva]\u2060(https://evil.example) (Silva &amp; Filhos)',
    ],
    [
      'a link split between name and company',
      { name: 'Ana [Metalúrgica', company: '](https://evil.example)' },
      'New enquiry from Ana [Metalúrgica (]\u2060(https://evil.example))',
    ],
  ])(
    'shows %s from the visitor as plain text in Slack and Teams; the fields stay as typed',
    async (_what, typed, shown) => {
      const { id, body } = await enquiryAndItsCall(typed);
      expect(body.text).toBe(
        `${shown}: https://www.forge.example/admin?tab=contacts&contact=${id}`,
      );
      expect(body.enquiry).toMatchObject({ id, ...typed });
    },
  );

  it('turns Slack formatting off, so a name with *, _, ~ and ` shows and copies as typed', async () => {
    const typed = {
      name: '*Ana* _Silva_ ~Costa~ `ops`',
      company: '<!channel> Silva & Filhos <https://evil.example|click>',
    };
    const { id, body } = await enquiryAndItsCall(typed);
    const admin_url = `https://www.forge.example/admin?tab=contacts&contact=${id}`;
    // The exact payload: nothing inserted between the visitor's characters.
    expect(body).toStrictEqual({
      event: 'enquiry.created',
      text:
        'New enquiry from *Ana* _Silva_ ~Costa~ `ops` ' +
        `(&lt;!channel&gt; Silva &amp; Filhos &lt;https://evil.example|click&gt;): ${admin_url}`,
      mrkdwn: false,
      enquiry: {
        id,
        ...typed,
        email: enquiry.email,
        message: enquiry.message,
        language: 'pt',
        created_at: expect.any(String),
        due_at: expect.any(String),
        admin_url,
      },
    });
  });

  it('gives up on a call the receiver refuses for good, and says why', async () => {
    answers = [410];
    const id = (await request(t.app).post('/api/contacts').send(enquiry).expect(201)).body.data.id;
    const [row] = await until(
      async () => (await admin.get('/api/webhooks/deliveries').expect(200)).body.data,
      (rows: { status: string; last_error: string | null }[]) => rows[0]?.status === 'failed',
    );
    expect(row).toMatchObject({ contact_id: id, status: 'failed', attempts: 1 });
    // A code and its values, for the admin to say in the reader's language.
    expect(row!.last_error).toEqual({ code: 'http', values: { status: 410 } });
  });

  it('lists the error of a call stored before errors were codes as its text', async () => {
    const [row] = await t
      .db('mail_outbox')
      .insert({
        kind: 'webhook',
        recipient: url,
        language: 'en',
        content: JSON.stringify({ event: 'enquiry.created', body: '{}' }),
        status: 'failed',
        attempts: 3,
        last_error: 'webhook address refused (validation.webhook.https)',
        next_attempt_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .returning('id');
    const id = Number((row as { id: number }).id ?? row);
    const list = (await admin.get('/api/webhooks/deliveries').expect(200)).body.data as {
      id: number;
      last_error: unknown;
    }[];
    expect(list.find((d) => d.id === id)?.last_error).toEqual({
      code: null,
      text: 'webhook address refused (validation.webhook.https)',
    });
  });

  it('is listed for admins only, and the secret never reaches the audit log', async () => {
    const sales = await signedIn(t.app, await createAccount(t, 'sales', 'webhook-sales'));
    await sales.get('/api/webhooks/deliveries').expect(403);
    await request(t.app).get('/api/webhooks/deliveries').expect(401);
    const entries = await t.db('audit_log').where({ action: 'settings.changed' });
    const summaries = entries.map((e) => e.summary).join('\n');
    expect(summaries).toContain('webhook_secret: changed');
    expect(summaries).not.toContain(secret);
  });
});

describe('why a call failed, as a code', () => {
  const call = { id: 7, event: 'enquiry.created', body: '{}', secret: '' };
  const failure = (send: Promise<void>) =>
    send.then(
      () => {
        throw new Error('the call went through');
      },
      (error: unknown) => classifyWebhookFailure(error),
    );

  it('names an address the configuration refuses by its reason, not a catalogue key', async () => {
    // Saved while WEBHOOK_ALLOW_PRIVATE was on, called after it was turned off.
    const strict = createWebhookTransport({ allowPrivate: false });
    expect(
      await failure(strict.send({ ...call, url: 'http://crm.example.com/' }, new Date())),
    ).toEqual({
      permanent: true,
      message: expect.any(String),
      error: { code: 'address-https', values: {} },
    });
    expect(
      await failure(strict.send({ ...call, url: 'https://10.0.0.5/hook' }, new Date())),
    ).toMatchObject({ permanent: true, error: { code: 'address-private', values: {} } });
  });

  it('names an HTTP answer by its status, and a receiver that does not answer by the wait', async () => {
    const allowed = createWebhookTransport({ allowPrivate: true, timeoutMs: 200 });
    const answering = createServer((req, res) =>
      req.resume().on('end', () => res.writeHead(503).end()),
    );
    const silent = createServer((req) => req.resume());
    for (const s of [answering, silent])
      await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const at = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/hook`;
    try {
      expect(await failure(allowed.send({ ...call, url: at(answering) }, new Date()))).toEqual({
        permanent: false,
        message: 'the receiver answered HTTP 503',
        error: { code: 'http', values: { status: 503 } },
      });
      expect(await failure(allowed.send({ ...call, url: at(silent) }, new Date()))).toMatchObject({
        permanent: false,
        error: { code: 'timeout', values: { seconds: 0.2 } },
      });
      const port = (silent.address() as AddressInfo).port;
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
      expect(
        await failure(allowed.send({ ...call, url: `http://127.0.0.1:${port}/` }, new Date())),
      ).toMatchObject({
        permanent: false,
        error: { code: 'connection', values: { detail: 'ECONNREFUSED' } },
      });
    } finally {
      answering.close();
      silent.close();
    }
  });

  it('names a host that cannot be found, or has no address', async () => {
    const notFound = createWebhookTransport({
      allowPrivate: false,
      resolve: async (host) => {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), {
          code: 'ENOTFOUND',
          hostname: host,
        });
      },
    });
    expect(
      await failure(notFound.send({ ...call, url: 'https://crm.example.com/' }, new Date())),
    ).toMatchObject({
      permanent: false,
      error: { code: 'dns', values: { host: 'crm.example.com' } },
    });
    const none = createWebhookTransport({ allowPrivate: false, resolve: async () => [] });
    expect(
      await failure(none.send({ ...call, url: 'https://crm.example.com/' }, new Date())),
    ).toMatchObject({ error: { code: 'no-address', values: { host: 'crm.example.com' } } });
  });
});

describe('where a webhook may go', () => {
  it('refuses plain HTTP and private, loopback and link-local addresses unless allowed', () => {
    expect(webhookUrlProblem('https://crm.example.com/hook', false)).toBeNull();
    expect(webhookUrlProblem('http://crm.example.com/hook', false)).toBe(
      'validation.webhook.https',
    );
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '[::1]',
      '[fd00::1]',
      'localhost',
    ])
      expect(webhookUrlProblem(`https://${host}/hook`, false), host).toBe(
        'validation.webhook.private',
      );
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook', true)).toBeNull();
    expect(webhookUrlProblem('', false)).toBeNull();
  });

  it('knows the special ranges, IPv4 inside IPv6 included', () => {
    for (const address of [
      '192.168.1.1',
      '172.20.0.1',
      '100.64.0.1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '2002:0a00:0001::1',
      'fe80::1',
      '0.0.0.0',
    ])
      expect(isSpecialAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:2800:220:1::1', '::ffff:93.184.216.34'])
      expect(isSpecialAddress(address), address).toBe(false);
  });

  it('checks the addresses a host name resolves to, and connects to the one it checked', async () => {
    const call = { id: 7, event: 'enquiry.created', body: '{}', secret: '' };
    const toLoopback = async () => [{ address: '127.0.0.1', family: 4 as const }];
    const strict = createWebhookTransport({ allowPrivate: false, resolve: toLoopback });
    const refused = await strict
      .send({ ...call, url: 'https://crm.example.com/hook' }, new Date())
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(String(refused)).toMatch(/resolves to a private, loopback or link-local address/);
    expect(classifyWebhookFailure(refused)).toMatchObject({
      permanent: true,
      error: { code: 'private-host', values: { host: 'crm.example.com' } },
    });
    // Allowed: the call goes to the address the name resolved to, with the name as its host.
    const port = (receiver.address() as AddressInfo).port;
    const allowed = createWebhookTransport({ allowPrivate: true, resolve: toLoopback });
    await allowed.send({ ...call, url: `http://crm.example.com:${port}/hook` }, new Date());
    expect(received.at(-1)!.headers.host).toBe(`crm.example.com:${port}`);
    expect(received.at(-1)!.headers['x-webhook-signature']).toBeUndefined();
  });

  it('refuses such an address in the settings when the operator does not allow it', async () => {
    const strict = await createTestApp({});
    try {
      const agent = await signedIn(strict.app);
      const res = await agent.put('/api/settings').send({ webhook_url: url }).expect(400);
      expect(res.body.details).toEqual({
        webhook_url: 'The webhook address must start with https://',
      });
      const local = await agent
        .put('/api/settings?lang=de')
        .send({ webhook_url: 'https://169.254.169.254/latest' })
        .expect(400);
      expect(local.body.details.webhook_url).toMatch(/Link-Local/);
      await agent.put('/api/settings').send({ webhook_url: 'ftp://crm.example.com' }).expect(400);
      await agent
        .put('/api/settings')
        .send({ webhook_url: 'https://crm.example.com/hook' })
        .expect(200);
    } finally {
      await strict.destroy();
    }
  });
});
