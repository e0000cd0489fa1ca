import type { Contact } from '#shared/contact';
import { api } from '../../../../common/api';

/** `GET /api/contacts`: every enquiry, newest first. */
export function getContacts(signal?: AbortSignal): Promise<Contact[]> {
  return api<Contact[]>('/contacts', { signal });
}
