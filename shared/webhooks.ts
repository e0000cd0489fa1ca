import { z } from 'zod';
import './zod-setup';
import type { DeliveryStatus } from './contact';

/** How many of the latest webhook calls the admin lists. */
export const WEBHOOK_DELIVERIES_LISTED = 50;

/**
 * A call's state: waiting (to be made, or tried again), delivered, failed for
 * good, or cancelled (the webhook's address was cleared before it was made).
 */
export type WebhookStatus = DeliveryStatus | 'cancelled';

/**
 * Why an attempt failed, as the outbox stores it (JSON in `last_error`) and
 * the admin words it (`admin.settings.deliveries.errors.<code>`):
 * `http` {status}: the receiver answered with that status;
 * `timeout` {seconds}: it did not answer in time;
 * `address-https`, `address-private`, `address-invalid`: the address itself
 * is refused (the operator's configuration changed since it was saved);
 * `private-host` {host}: the host resolves to a private address;
 * `no-address`, `dns` {host}: the host has no address, or was not found;
 * `connection` {detail}: the connection failed (the system's error code);
 * `other` {detail}: anything else, as the error said it.
 */
export const WEBHOOK_ERROR_CODES = [
  'http',
  'timeout',
  'address-https',
  'address-private',
  'address-invalid',
  'private-host',
  'no-address',
  'dns',
  'connection',
  'other',
] as const;
export type WebhookErrorCode = (typeof WEBHOOK_ERROR_CODES)[number];

export const WebhookErrorSchema = z.object({
  code: z.enum(WEBHOOK_ERROR_CODES),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type WebhookError = z.infer<typeof WebhookErrorSchema>;

/** One call of the enquiry webhook as `GET /api/webhooks/deliveries` lists it, newest first. */
export type WebhookDelivery = {
  id: number;
  /** The enquiry it told about (null once the enquiry was deleted). */
  contact_id: number | null;
  /** Where it goes (the address set when it is made) or went. */
  url: string;
  status: WebhookStatus;
  attempts: number;
  /**
   * Why the last attempt failed: its code and values, or, for a call that
   * failed before errors were stored as codes, the text stored then.
   */
  last_error: WebhookError | { code: null; text: string } | null;
  created_at: string;
  /** When the receiver accepted it. */
  sent_at: string | null;
  /** When it is tried again (pending calls). */
  next_attempt_at: string | null;
};
