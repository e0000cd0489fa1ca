import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Contact, ContactStats } from '#shared/contact';
import type { ContactListQuery, CsvSeparatorName } from '#shared/contact-list';
import type { ListPage } from '#shared/list-query';
import { api, apiFile, apiPage } from '../../../../common/api';
import { mailKeys } from './mail.queries';

/** The inbox, or the spam folder (`?spam=true`). */
export type ContactFolder = 'inbox' | 'spam';
/** Enquiries per page of the Contacts tab. */
export const CONTACTS_PAGE_SIZE = 20;

export const contactKeys = {
  all: ['contacts'] as const,
  lists: ['contacts', 'list'] as const,
  list: (query: ContactListQuery) => ['contacts', 'list', query] as const,
  stats: ['contacts', 'stats'] as const,
  /** One enquiry with its thread (api/thread.queries.ts). */
  details: ['contacts', 'detail'] as const,
};

/**
 * `GET /api/contacts?page=…`: one page of a folder (spam is listed only in
 * its own), filtered, searched and sorted by the API, with the folder's total.
 */
export function getContacts(
  query: ContactListQuery,
  signal?: AbortSignal,
): Promise<ListPage<Contact>> {
  return apiPage<Contact>('/contacts', {
    query: { per_page: CONTACTS_PAGE_SIZE, ...query, page: query.page ?? 1 },
    signal,
  });
}

/** `GET /api/contacts/stats`: totals, replies awaited and overdue, enquiries per day (30 days). */
export function getContactStats(signal?: AbortSignal): Promise<ContactStats> {
  return api<ContactStats>('/contacts/stats', { signal });
}

/** `PUT /api/contacts/{id}/read` with `{read}`. */
export function setContactRead({ id, read }: { id: number; read: boolean }): Promise<Contact> {
  return api<Contact>(`/contacts/${id}/read`, { method: 'PUT', body: { read } });
}

/** `PUT /api/contacts/{id}/replied` with `{replied}` (marking replied also marks it read). */
export function setContactReplied({
  id,
  replied,
}: {
  id: number;
  replied: boolean;
}): Promise<Contact> {
  return api<Contact>(`/contacts/${id}/replied`, { method: 'PUT', body: { replied } });
}

/** `PUT /api/contacts/{id}/spam` with `{spam}`: into the spam folder, or back (which sends the alert). */
export function setContactSpam({ id, spam }: { id: number; spam: boolean }): Promise<Contact> {
  return api<Contact>(`/contacts/${id}/spam`, { method: 'PUT', body: { spam } });
}

/** `DELETE /api/contacts/{id}`. */
export function deleteContact(id: number): Promise<{ id: number }> {
  return api<{ id: number }>(`/contacts/${id}`, { method: 'DELETE' });
}

/**
 * `GET /api/contacts/export`: the list on screen (its folder, filters and
 * search; every page of it, newest first) as a CSV file and the name the
 * server gave it, separated by commas or (European spreadsheet defaults)
 * semicolons.
 */
export function exportContacts({
  query,
  separator = 'comma',
}: {
  query: ContactListQuery;
  separator?: CsvSeparatorName;
}) {
  const { spam, read, reply, assignee, q } = query;
  return apiFile('/contacts/export', {
    query: {
      spam: spam ?? false,
      read,
      reply,
      assignee,
      q,
      ...(separator !== 'comma' && { separator }),
    },
  });
}

/** A page of a folder; a failed load toasts 'Failed to load data'. */
export const contactsQuery = (query: ContactListQuery) =>
  queryOptions({
    queryKey: contactKeys.list(query),
    queryFn: ({ signal }) => getContacts(query, signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });

export const contactStatsQuery = () =>
  queryOptions({
    queryKey: contactKeys.stats,
    queryFn: ({ signal }) => getContactStats(signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });

/**
 * A page of a folder. Another page, filter, search or order of the same
 * folder keeps the last page on screen until the new one is in; another
 * folder does not (spam must never pass for the inbox, even for a moment).
 */
export function useContactsQuery(query: ContactListQuery) {
  return useQuery({
    ...contactsQuery(query),
    placeholderData: (previous, last) =>
      last?.queryKey[2].spam === query.spam ? keepPreviousData(previous) : undefined,
  });
}

/** How often the open admin asks for the enquiry figures, so new enquiries show without a reload. */
export const CONTACT_STATS_REFRESH_MS = 60_000;

/**
 * The enquiry figures, asked again every minute while the admin is open
 * (and in view). When they say enquiries came, went or changed meanwhile
 * (someone else's work, a new enquiry), the lists loaded before the figures
 * were asked are loaded again, so the Unread figure and the list it stands
 * for agree. The newest enquiry's id is among them: an enquiry arriving in
 * the minute a colleague deletes another leaves every count as it was. (After the user's own change both are loaded at once: the list
 * is not asked for twice.)
 */
export function useContactStatsQuery({ enabled }: { enabled: boolean }) {
  const client = useQueryClient();
  const askedAt = useRef(0);
  const stats = useQuery({
    ...contactStatsQuery(),
    queryFn: ({ signal }) => {
      askedAt.current = Date.now();
      return getContactStats(signal);
    },
    enabled,
    refetchInterval: CONTACT_STATS_REFRESH_MS,
  });
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!stats.data) return;
    const { total, unread, unreplied, spam, newest_id } = stats.data;
    const figures = [total, unread, unreplied, spam, newest_id].join();
    if (seen.current !== null && seen.current !== figures) {
      const asked = askedAt.current;
      void client.invalidateQueries({
        queryKey: contactKeys.lists,
        predicate: (query) => query.state.dataUpdatedAt < asked,
      });
    }
    seen.current = figures;
  }, [client, stats.data]);
  return stats;
}

/**
 * Every contact write changes the lists (both folders, every order), the
 * totals and the enquiries opened on their own, not the news: those are
 * refetched, and the write counts as done once they are back (a deleted
 * enquiry's own is left alone: there is nothing to fetch). Writes that
 * queue or drop e-mail (spam in and out, delete) refetch the mail status too.
 */
function useContactWrite<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  { mail = false, gone }: { mail?: boolean; gone?: (variables: V) => number } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, variables) => {
      const deleted = gone?.(variables);
      return Promise.all([
        client.invalidateQueries({ queryKey: contactKeys.lists }),
        client.invalidateQueries({ queryKey: contactKeys.stats }),
        client.invalidateQueries({
          queryKey: contactKeys.details,
          predicate: (query) => query.queryKey[2] !== deleted,
        }),
        mail && client.invalidateQueries({ queryKey: mailKeys.status }),
      ]);
    },
  });
}

export const useSetContactRead = () => useContactWrite(setContactRead);
export const useSetContactReplied = () => useContactWrite(setContactReplied);
export const useSetContactSpam = () => useContactWrite(setContactSpam, { mail: true });
export const useDeleteContact = () =>
  useContactWrite(deleteContact, { mail: true, gone: (id: number) => id });
export const useExportContacts = () => useMutation({ mutationFn: exportContacts });
