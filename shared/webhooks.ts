import type { DeliveryStatus } from './contact';

/** How many of the latest webhook calls the admin lists. */
export const WEBHOOK_DELIVERIES_LISTED = 50;

/** One call of the enquiry webhook as `GET /api/webhooks/deliveries` lists it, newest first. */
export type WebhookDelivery = {
  id: number;
  /** The enquiry it told about (null once the enquiry was deleted). */
  contact_id: number | null;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  /** Why the last attempt failed (an HTTP status, no answer, an address refused). */
  last_error: string | null;
  created_at: string;
  /** When the receiver accepted it. */
  sent_at: string | null;
  /** When it is tried again (pending calls). */
  next_attempt_at: string | null;
};
