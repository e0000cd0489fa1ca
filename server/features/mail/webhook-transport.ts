import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookError } from '#shared/webhooks';
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

/**
 * Why a call did not go through: `permanent` when trying again cannot help;
 * `message` for the log, `error` (a code and its values) for the outbox row
 * and the admin.
 */
export type WebhookFailure = { permanent: boolean; message: string; error: WebhookError };

/** How long a receiver has to answer a call. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Answers a receiver gives when it wants the call again later. */
const RETRY_STATUSES = new Set([408, 425, 429]);

/** Errors of the system's resolver: the host was not found (or not now). */
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'ENODATA', 'EAI_NONAME']);

/**
 * What a failed call's error says, as a code and its values: the reason it
 * carries (a refusal, no address, no answer in time), else an HTTP status, a
 * lookup that found nothing, or the system's code for a failed connection.
 */
function reasonOf(error: unknown, message: string): WebhookError {
  const e = (error ?? {}) as {
    reason?: WebhookError;
    status?: number;
    code?: unknown;
    hostname?: unknown;
  };
  if (e.reason) return e.reason;
  if (e.status !== undefined) return { code: 'http', values: { status: e.status } };
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && DNS_CODES.has(code))
    return { code: 'dns', values: { host: String(e.hostname ?? '') } };
  if (code) return { code: 'connection', values: { detail: code } };
  return { code: 'other', values: { detail: message } };
}

/** Sorts a failed call: refused by this site or a 4xx (but 408/425/429) is permanent. */
export function classifyWebhookFailure(error: unknown): WebhookFailure {
  const status = (error as { status?: number }).status;
  const message = String((error as Error)?.message ?? error).slice(0, 500);
  const reason = reasonOf(error, message);
  if (error instanceof WebhookRefused) return { permanent: true, message, error: reason };
  if (status !== undefined)
    return { permanent: status < 500 && !RETRY_STATUSES.has(status), message, error: reason };
  return { permanent: false, message, error: reason };
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
        req.on('timeout', () => {
          const seconds = timeoutMs / 1000;
          req.destroy(
            Object.assign(new Error(`no answer within ${seconds} seconds`), {
              reason: { code: 'timeout', values: { seconds } } satisfies WebhookError,
            }),
          );
        });
        req.on('error', reject);
        req.end(call.body);
      });
    },
  };
}

export type WebhookTransport = ReturnType<typeof createWebhookTransport>;
