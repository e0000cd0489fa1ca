import { api } from '../../../../common/api';

/** `DELETE /api/contacts/{id}`. */
export function deleteContact(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`/contacts/${id}`, { method: 'DELETE' });
}
