import type { Contact } from '#shared/contact';
import { api } from '../../../../common/api';

/** `PUT /api/contacts/{id}/read` with `{read}`. */
export function setContactRead(id: number, read: boolean): Promise<Contact> {
  return api<Contact>(`/contacts/${id}/read`, { method: 'PUT', body: { read } });
}
