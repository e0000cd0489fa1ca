import type { ContactStats } from '#shared/contact';
import { api } from '../../../../common/api';

/** `GET /api/contacts/stats`: totals and enquiries per day over the last 30 days. */
export function getContactStats(signal?: AbortSignal): Promise<ContactStats> {
  return api<ContactStats>('/contacts/stats', { signal });
}
