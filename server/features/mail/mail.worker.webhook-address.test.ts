import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '#shared/webhooks';
import { FAST_TIMING, until } from '../../../tests/support/mail';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';
import { createSettingsService } from '../settings/settings.service';
import { createMailWorker, type MailWorker } from './mail.worker';
import { createWebhookTransport, webhookSignature } from './webhook-transport';

/**
 * The webhook's address cleared or changed while calls to it are queued
 * (its receiver failing, so they wait for their retries): none goes to the
 * old address any more. Real receivers on 127.0.0.1, the app, and the
 * worker wired as server/index.ts wires it (the settings as stored now).
 */
type Receiver = {
  server: Server;
  url: string;
  calls: { headers: IncomingMessage['headers']; body: string }[];
};

async function startReceiver(status: number): Promise<Receiver> {
  const calls: Receiver['calls'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, calls, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

let failing: Receiver;
let working: Receiver;
let t: TestApp;
let worker: MailWorker;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeEach(async () => {
  failing = await startReceiver(503);
  working = await startReceiver(204);
  t = await createTestApp({ RATE_LIMIT_CONTACT: '0', WEBHOOK_ALLOW_PRIVATE: 'true' });
  admin = await signedIn(t.app);
  const settings = createSettingsService({ db: t.db });
  worker = createMailWorker({
    db: t.db,
    logger: t.logger,
    signal: t.outboxSignal,
    timing: FAST_TIMING,
    webhooks: {
      transport: createWebhookTransport({ allowPrivate: true }),
      setting: async () => {
        const now = await settings.current();
        return { url: now.webhook_url, secret: now.webhook_secret };
      },
    },
  });
  worker.start();
  await admin
    .put('/api/settings')
    .send({ webhook_url: failing.url, webhook_secret: 'old-secret' })
    .expect(200);
});
afterEach(async () => {
  await worker.stop();
  await t.destroy();
  for (const r of [failing, working]) await new Promise((resolve) => r.server.close(resolve));
});

/** An enquiry whose call reached the failing receiver (at least) once: it is queued for a retry. */
async function enquiryWithQueuedCall() {
  await request(t.app)
    .post('/api/contacts')
    .send({
      name: 'Ana Silva',
      email: 'ana@example.pt',
      message: 'We need a quote for two welding cells.',
    })
    .expect(201);
  await until(
    async () => failing.calls.length,
    (n) => n >= 1,
  );
}

const deliveries = async () =>
  (await admin.get('/api/webhooks/deliveries').expect(200)).body.data as WebhookDelivery[];

/** Long enough for several retries at FAST_TIMING's back-off (50 ms doubling up to 400 ms). */
const severalRetries = () => new Promise((resolve) => setTimeout(resolve, 1_500));

describe('the webhook address changed with calls queued', () => {
  it('cleared: the queued call is not made any more, and is listed as cancelled', async () => {
    await enquiryWithQueuedCall();
    await admin.put('/api/settings').send({ webhook_url: '', webhook_secret: 'new' }).expect(200);
    const before = failing.calls.length;
    await severalRetries();

    expect(failing.calls.length - before).toBeLessThanOrEqual(1); // a call already in flight
    const [call] = await until(deliveries, ([d]) => d?.status !== 'pending');
    expect(call).toMatchObject({ status: 'cancelled', next_attempt_at: null });
    const after = failing.calls.length;
    await severalRetries();
    expect(failing.calls.length).toBe(after);
  }, 20_000);

  it('changed: the queued call goes to the new address, signed with the new key', async () => {
    await enquiryWithQueuedCall();
    await admin
      .put('/api/settings')
      .send({ webhook_url: working.url, webhook_secret: 'new-secret' })
      .expect(200);
    const [delivered] = await until(deliveries, ([d]) => d?.status === 'sent');
    expect(delivered).toMatchObject({ url: working.url, status: 'sent' });

    expect(working.calls).toHaveLength(1);
    const [call] = working.calls;
    const timestamp = Number(call!.headers['x-webhook-timestamp']);
    expect(call!.headers['x-webhook-signature']).toBe(
      webhookSignature('new-secret', timestamp, call!.body),
    );
    const before = failing.calls.length;
    await severalRetries();
    expect(failing.calls.length).toBe(before);
  }, 20_000);
});
