import { CONTACT_HONEYPOT_FIELD, CONTACT_TIMING_FIELD } from '#shared/contact';
import type { ContactInput } from '#shared/contact-schema';
import type { Language } from '#shared/languages';

/**
 * `POST /api/contacts`: stores one enquiry in the language the visitor reads
 * the page in. The honeypot and the fill time (whole milliseconds since the
 * form was first shown) travel along for the server's spam check. The fetch
 * wrapper is fetched on sending: the page itself needs none.
 */
export async function sendContact(
  input: ContactInput,
  extra: { honeypot: string; language: Language; formMs: number },
): Promise<{ id: number }> {
  const { api } = await import('../../../common/api');
  return api<{ id: number }>('/contacts', {
    method: 'POST',
    body: {
      ...input,
      language: extra.language,
      [CONTACT_HONEYPOT_FIELD]: extra.honeypot,
      [CONTACT_TIMING_FIELD]: Math.max(0, Math.round(extra.formMs)),
    },
  });
}
