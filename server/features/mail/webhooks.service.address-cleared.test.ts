import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '#shared/webhooks';
import { FAST_TIMING, until } from '../../../tests/support/mail';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';
import { createSettingsService } from '../settings/settings.service';
import { createMailWorker, type MailWorker } from './mail.worker';
import { createWebhookTransport } from './webhook-transport';

/**
 * The webhook's address cleared while calls to it wait for their next try
 * (a minute apart here, as in production once a receiver keeps failing):
 * the save cancels them, so the admin's list says so at once, not after
 * their next try. Real receivers on 127.0.0.1, the app as served, and the
 * worker wired as server/index.ts wires it.
 */
type Receiver = { server: Server; url: string; calls: number; open: ServerResponse[] };

/** A receiver answering `status`, or never answering (`'hang'`). */
async function startReceiver(status: number | 'hang'): Promise<Receiver> {
  const receiver: Receiver = { server: createServer(), url: '', calls: 0, open: [] };
  receiver.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      receiver.calls += 1;
      if (status === 'hang') receiver.open.push(res);
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hook`;
  return receiver;
}

let receiver: Receiver | undefined;
let t: TestApp;
let worker: MailWorker;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeEach(async () => {
  t = await createTestApp({ RATE_LIMIT_CONTACT: '0', WEBHOOK_ALLOW_PRIVATE: 'true' });
  admin = await signedIn(t.app);
  const settings = createSettingsService({ db: t.db });
  worker = createMailWorker({
    db: t.db,
    logger: t.logger,
    signal: t.outboxSignal,
    // A failed call waits a minute for its next try.
    timing: { ...FAST_TIMING, backoffBaseMs: 60_000, backoffCapMs: 60_000 },
    webhooks: {
      transport: createWebhookTransport({ allowPrivate: true, timeoutMs: 500 }),
      setting: async () => {
        const now = await settings.current();
        return { url: now.webhook_url, secret: now.webhook_secret };
      },
    },
  });
  worker.start();
});
afterEach(async () => {
  await worker.stop();
  await t.destroy();
  if (!receiver) return;
  for (const res of receiver.open) res.destroy();
  await new Promise((resolve) => receiver!.server.close(resolve));
  receiver = undefined;
});

async function useReceiver(status: number | 'hang') {
  receiver = await startReceiver(status);
  await admin.put('/api/settings').send({ webhook_url: receiver.url }).expect(200);
  return receiver;
}

const enquiry = (name: string) =>
  request(t.app)
    .post('/api/contacts')
    .send({ name, email: 'ana@example.pt', message: 'We need a quote for two welding cells.' })
    .expect(201);

const deliveries = async () =>
  (await admin.get('/api/webhooks/deliveries').expect(200)).body.data as WebhookDelivery[];

/** Waits until every call was made once and waits for its next try. */
const waitingForRetry = (count: number) =>
  until(deliveries, (list) => {
    const next = list.map((d) => Date.parse(d.next_attempt_at ?? ''));
    return list.length === count && next.every((at) => at > Date.now() + 30_000);
  });

describe('the webhook address cleared with calls waiting', () => {
  it('cancels the waiting calls in the save: listed as cancelled at once', async () => {
    const failing = await useReceiver(503);
    await enquiry('Ana Silva');
    await enquiry('Rui Costa');
    await waitingForRetry(2);

    await admin.put('/api/settings').send({ webhook_url: '' }).expect(200);
    const list = await deliveries();
    expect(list.map((d) => [d.status, d.next_attempt_at, d.attempts])).toEqual([
      ['cancelled', null, 1],
      ['cancelled', null, 1],
    ]);
    // Why the last try failed stays with the call.
    expect(list[0]!.last_error).toEqual({ code: 'http', values: { status: 503 } });
    expect(failing.calls).toBe(2);
  }, 20_000);

  it('changed to another address: the waiting calls still wait, for the new address', async () => {
    await useReceiver(503);
    await enquiry('Ana Silva');
    await waitingForRetry(1);
    const other = await startReceiver(204);
    try {
      await admin.put('/api/settings').send({ webhook_url: other.url }).expect(200);
      expect((await deliveries()).map((d) => d.status)).toEqual(['pending']);
    } finally {
      await new Promise((resolve) => other.server.close(resolve));
    }
  }, 20_000);

  it('leaves the call being made to finish; failed, it is cancelled, not tried again', async () => {
    const hanging = await useReceiver('hang');
    await enquiry('Ana Silva');
    await until(
      async () => hanging.calls,
      (n) => n === 1,
    );

    await admin.put('/api/settings').send({ webhook_url: '' }).expect(200);
    // It may be with the receiver already: the save does not decide for it.
    expect((await deliveries()).map((d) => d.status)).toEqual(['pending']);
    const [call] = await until(deliveries, ([d]) => d?.status !== 'pending', 5_000);
    expect(call).toMatchObject({
      status: 'cancelled',
      next_attempt_at: null,
      attempts: 1,
      last_error: { code: 'timeout', values: { seconds: 0.5 } },
    });
    expect(hanging.calls).toBe(1);
  }, 20_000);
});
