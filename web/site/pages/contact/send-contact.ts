import { CONTACT_HONEYPOT_FIELD } from '#shared/contact';
import type { ContactInput } from '#shared/contact-schema';

/**
 * `POST /api/contacts`: stores one enquiry (the honeypot travels along for
 * the server to judge). The fetch wrapper comes with the first send, not
 * with the page.
 */
export async function sendContact(input: ContactInput, honeypot: string): Promise<{ id: number }> {
  const { api } = await import('../../../common/api');
  return api<{ id: number }>('/contacts', {
    method: 'POST',
    body: { ...input, [CONTACT_HONEYPOT_FIELD]: honeypot },
  });
}
