import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ContactDetail, ThreadEntry } from '#shared/contact';
import type { DraftedReply, ReplyTemplate } from '#shared/contact-thread';
import { ApiError, api } from '../../../../common/api';
import { contactKeys } from './contacts.queries';
import { mailKeys } from './mail.queries';

/**
 * One enquiry as it is answered from the admin: its thread (the enquiry,
 * the auto-reply, replies with their delivery state, notes), the reply's
 * starting text, and the calls that reply, note and assign.
 */

export const threadKeys = {
  detail: (id: number) => [...contactKeys.details, id] as const,
  template: (id: number) => ['contacts', 'reply-template', id] as const,
};

/** `GET /api/contacts/{id}`: the enquiry with its thread, oldest first. */
export const contactDetailQuery = (id: number) =>
  queryOptions({
    queryKey: threadKeys.detail(id),
    queryFn: ({ signal }) => api<ContactDetail>(`/contacts/${id}`, { signal }),
    meta: { failureKey: 'admin.errors.loadData' },
  });

/** `GET /api/contacts/{id}/reply-template`: greeting, signature and quote line in the enquiry's language. */
export const replyTemplateQuery = (id: number) =>
  queryOptions({
    queryKey: threadKeys.template(id),
    queryFn: ({ signal }) => api<ReplyTemplate>(`/contacts/${id}/reply-template`, { signal }),
    staleTime: Infinity,
  });

/** The replies of a thread (what a reply says its writer saw, `seen_replies`). */
export const repliesIn = (thread: readonly ThreadEntry[]): number =>
  thread.filter((entry) => entry.kind === 'reply').length;

/** True for the refusal of a reply written before a colleague's reply came (409, `seen_replies`). */
export const colleagueReplied = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.details?.seen_replies !== undefined;

/**
 * While a reply is on its way, the thread is asked again every few
 * seconds, so its delivery state changes from waiting to sent on screen.
 * A reply the mail server refused for good makes the enquiry wait for a
 * reply again: the lists and figures are asked again when one shows here.
 */
export function useContactDetail(id: number) {
  const client = useQueryClient();
  const query = useQuery({
    ...contactDetailQuery(id),
    refetchInterval: (query) =>
      query.state.data?.thread.some((entry) => entry.status === 'pending') ? 3_000 : false,
  });
  const failed = query.data?.thread.filter((entry) => entry.status === 'failed').length;
  const before = useRef(failed);
  useEffect(() => {
    const more = failed !== undefined && before.current !== undefined && failed > before.current;
    before.current = failed;
    if (!more) return;
    void client.invalidateQueries({ queryKey: contactKeys.lists });
    void client.invalidateQueries({ queryKey: contactKeys.stats });
  }, [client, failed]);
  return query;
}

export const useReplyTemplate = (id: number) => useQuery(replyTemplateQuery(id));

/**
 * A write that answers the enquiry as it is now: put in the cache at once,
 * then the lists and totals (replied, assignee) and the mail status asked
 * again. `onError` is told of a refusal.
 */
function useThreadWrite<V>(
  mutationFn: (variables: V) => Promise<ContactDetail>,
  onError?: (error: unknown, variables: V) => unknown,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onError,
    onSuccess: (detail) => {
      client.setQueryData(threadKeys.detail(detail.id), detail);
      return Promise.all([
        client.invalidateQueries({ queryKey: contactKeys.lists }),
        client.invalidateQueries({ queryKey: contactKeys.stats }),
        client.invalidateQueries({ queryKey: mailKeys.status }),
      ]);
    },
  });
}

/**
 * `POST /api/contacts/{id}/replies`: e-mails the visitor and marks the
 * enquiry replied. `seen` is how many replies the thread its writer read
 * held (none: "Send anyway"); refused because a colleague replied since,
 * the thread is asked again to show that reply.
 */
export function useSendReply() {
  const client = useQueryClient();
  return useThreadWrite(
    ({ id, message, seen }: { id: number; message: string; seen?: number }) =>
      api<ContactDetail>(`/contacts/${id}/replies`, {
        method: 'POST',
        body: { message, ...(seen !== undefined && { seen_replies: seen }) },
      }),
    (error, { id }) =>
      colleagueReplied(error) && client.invalidateQueries({ queryKey: threadKeys.detail(id) }),
  );
}

/** `POST /api/contacts/{id}/notes`: an internal note, never e-mailed. */
export const useAddNote = () =>
  useThreadWrite(({ id, text }: { id: number; text: string }) =>
    api<ContactDetail>(`/contacts/${id}/notes`, { method: 'POST', body: { text } }),
  );

/** `PUT /api/contacts/{id}/assignee`: a colleague, or nobody (`null`). */
export const useSetAssignee = () =>
  useThreadWrite(({ id, userId }: { id: number; userId: number | null }) =>
    api<ContactDetail>(`/contacts/${id}/assignee`, { method: 'PUT', body: { user_id: userId } }),
  );

/** `POST /api/llm/draft-reply`: a reply in the enquiry's language, for review; nothing is stored. */
export const useDraftReply = () =>
  useMutation({
    mutationFn: ({ id, signal }: { id: number; signal?: AbortSignal }) =>
      api<DraftedReply>('/llm/draft-reply', { method: 'POST', body: { contact_id: id }, signal }),
  });
