import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveWebhookTarget, WebhookRefused, type Resolve } from './webhook-address';

/** The headers a receiver checks a call by (see README, "Webhook"). */
export const WEBHOOK_HEADERS = {
  id: 'X-Webhook-Id',
  event: 'X-Webhook-Event',
  timestamp: 'X-Webhook-Timestamp',
  signature: 'X-Webhook-Signature',
} as const;

/** `sha256=<hex>`: HMAC-SHA256 of `<timestamp>.<body>` under the shared secret. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export type WebhookCall = { id: number; event: string; url: string; body: string; secret: string };

/** Why a call did not go through: `permanent` when trying again cannot help. */
export type WebhookFailure = { permanent: boolean; message: string };

/** How long a receiver has to answer a call. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Answers a receiver gives when it wants the call again later. */
const RETRY_STATUSES = new Set([408, 425, 429]);

/** Sorts a failed call: refused by this site or a 4xx (but 408/425/429) is permanent. */
export function classifyWebhookFailure(error: unknown): WebhookFailure {
  const status = (error as { status?: number }).status;
  const message = String((error as Error)?.message ?? error).slice(0, 500);
  if (error instanceof WebhookRefused) return { permanent: true, message };
  if (status !== undefined)
    return { permanent: status < 500 && !RETRY_STATUSES.has(status), message };
  return { permanent: false, message };
}

/**
 * Posts one webhook call: JSON, signed when a secret is set, to the address
 * the host was checked at (the connection's own lookup answers with it), in
 * at most `timeoutMs` (ten seconds; tests give less). Resolves on a 2xx;
 * otherwise throws (with `status` for an HTTP answer).
 */
export function createWebhookTransport({
  allowPrivate,
  resolve,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}: {
  allowPrivate: boolean;
  resolve?: Resolve;
  timeoutMs?: number;
}) {
  return {
    async send(call: WebhookCall, now: Date): Promise<void> {
      const url = new URL(call.url);
      const target = await resolveWebhookTarget(url, allowPrivate, resolve);
      const timestamp = Math.floor(now.getTime() / 1000);
      const headers: Record<string, string> = {
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'forge-industrial-site/webhook',
        [WEBHOOK_HEADERS.id]: String(call.id),
        [WEBHOOK_HEADERS.event]: call.event,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      };
      if (call.secret)
        headers[WEBHOOK_HEADERS.signature] = webhookSignature(call.secret, timestamp, call.body);
      const pinned: LookupFunction = (_host, options, callback) => {
        if ((options as { all?: boolean }).all)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
        else callback(null, target.address, target.family);
      };
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      await new Promise<void>((resolve, reject) => {
        const req = send(
          url,
          { method: 'POST', headers, lookup: pinned, timeout: timeoutMs },
          (res) => {
            res.resume();
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) return resolve();
            reject(Object.assign(new Error(`the receiver answered HTTP ${status}`), { status }));
          },
        );
        req.on('timeout', () =>
          req.destroy(new Error(`no answer within ${timeoutMs / 1000} seconds`)),
        );
        req.on('error', reject);
        req.end(call.body);
      });
    },
  };
}

export type WebhookTransport = ReturnType<typeof createWebhookTransport>;
