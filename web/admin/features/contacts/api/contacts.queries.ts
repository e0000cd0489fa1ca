import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactStats } from '#shared/contact';
import { api } from '../../../../common/api';

export const contactKeys = {
  list: ['contacts', 'list'] as const,
  stats: ['contacts', 'stats'] as const,
};

/** `GET /api/contacts`: every enquiry, newest first. */
export function getContacts(signal?: AbortSignal): Promise<Contact[]> {
  return api<Contact[]>('/contacts', { signal });
}

/** `GET /api/contacts/stats`: totals and enquiries per day over the last 30 days. */
export function getContactStats(signal?: AbortSignal): Promise<ContactStats> {
  return api<ContactStats>('/contacts/stats', { signal });
}

/** `PUT /api/contacts/{id}/read` with `{read}`. */
export function setContactRead({ id, read }: { id: number; read: boolean }): Promise<Contact> {
  return api<Contact>(`/contacts/${id}/read`, { method: 'PUT', body: { read } });
}

/** `DELETE /api/contacts/{id}`. */
export function deleteContact(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`/contacts/${id}`, { method: 'DELETE' });
}

/** The Contacts tab's list; a failed load toasts 'Failed to load data' (spec). */
export const contactsQuery = () =>
  queryOptions({
    queryKey: contactKeys.list,
    queryFn: ({ signal }) => getContacts(signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });

export const contactStatsQuery = () =>
  queryOptions({
    queryKey: contactKeys.stats,
    queryFn: ({ signal }) => getContactStats(signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });

export function useContactsQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...contactsQuery(), enabled });
}

export function useContactStatsQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...contactStatsQuery(), enabled });
}

/**
 * Marking and deleting change the list and the totals (unread, total), not
 * the news: both contact queries are refetched, and the write counts as done
 * once they are back.
 */
function useContactWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: contactKeys.list }),
        client.invalidateQueries({ queryKey: contactKeys.stats }),
      ]),
  });
}

export const useSetContactRead = () => useContactWrite(setContactRead);
export const useDeleteContact = () => useContactWrite(deleteContact);
