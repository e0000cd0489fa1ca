import { randomInt } from 'node:crypto';
import { CONTACT_HONEYPOT_FIELD } from '#shared/contact';

/**
 * The hidden field's name before it became CONTACT_HONEYPOT_FIELD, still
 * read for one release: pages opened before the upgrade send it.
 */
const OLD_HONEYPOT_FIELD = 'website';

/** True when the hidden field only bots see has been filled in. */
export function isBot(input: unknown): boolean {
  const body = input as Record<string, unknown> | null;
  return [CONTACT_HONEYPOT_FIELD, OLD_HONEYPOT_FIELD].some((field) => {
    const value = body?.[field];
    return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
  });
}

/**
 * The ids a bot's enquiries are answered with: above the real ones and
 * rising like them, never the id the next real enquiry gets, and never the
 * same twice (a repeated id would tell the bot its enquiries go nowhere).
 * `maxId` reads the highest real id.
 */
export function createDecoyIds(maxId: () => Promise<number>) {
  let last = 0;
  return async function decoyId(): Promise<number> {
    last = Math.max((await maxId()) + 2, last + 1) + randomInt(0, 3);
    return last;
  };
}
