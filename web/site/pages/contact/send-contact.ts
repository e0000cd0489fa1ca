import { CONTACT_HONEYPOT_FIELD } from '#shared/contact';
import type { ContactInput } from '#shared/contact-schema';
import { api } from '../../../common/api';

/** `POST /api/contacts`: stores one enquiry (the honeypot travels along for the server to judge). */
export function sendContact(input: ContactInput, honeypot: string): Promise<{ id: number }> {
  return api<{ id: number }>('/contacts', {
    method: 'POST',
    body: { ...input, [CONTACT_HONEYPOT_FIELD]: honeypot },
  });
}
