import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailStatus } from '#shared/mail-status';
import { api } from '../../../../common/api';

export const mailKeys = { status: ['mail', 'status'] as const };

/** `GET /api/mail/status`: e-mail on or off, the queue, the last failure and delivery. */
export function getMailStatus(signal?: AbortSignal): Promise<MailStatus> {
  return api<MailStatus>('/mail/status', { signal });
}

/** Looked at again every minute while shown, so a failure (or its end) appears without a reload. */
export const mailStatusQuery = () =>
  queryOptions({
    queryKey: mailKeys.status,
    queryFn: ({ signal }) => getMailStatus(signal),
    refetchInterval: 60_000,
  });

/** The status, or undefined while it loads or when it could not be read (nothing to warn about then). */
export function useMailStatus(): MailStatus | undefined {
  return useQuery(mailStatusQuery()).data;
}
