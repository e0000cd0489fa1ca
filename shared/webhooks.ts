import type { DeliveryStatus } from './contact';

/** How many of the latest webhook calls the admin lists. */
export const WEBHOOK_DELIVERIES_LISTED = 50;

/**
 * A call's state: waiting (to be made, or tried again), delivered, failed for
 * good, or cancelled (the webhook's address was cleared before it was made).
 */
export type WebhookStatus = DeliveryStatus | 'cancelled';

/** One call of the enquiry webhook as `GET /api/webhooks/deliveries` lists it, newest first. */
export type WebhookDelivery = {
  id: number;
  /** The enquiry it told about (null once the enquiry was deleted). */
  contact_id: number | null;
  /** Where it goes (the address set when it is made) or went. */
  url: string;
  status: WebhookStatus;
  attempts: number;
  /** Why the last attempt failed (an HTTP status, no answer, an address refused). */
  last_error: string | null;
  created_at: string;
  /** When the receiver accepted it. */
  sent_at: string | null;
  /** When it is tried again (pending calls). */
  next_attempt_at: string | null;
};
