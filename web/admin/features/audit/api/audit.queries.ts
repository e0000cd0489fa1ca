import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditAction, AuditPage } from '#shared/audit';
import { api } from '../../../../common/api';
import { isAuditAction } from '../lib/audit-text';

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 25;

export type AuditParams = { page: number; action: AuditAction | null };

/**
 * The page and action in the address (`?page=2&action=auth.login`): page 1
 * unless a whole number above 1, no action unless a known one.
 */
export function auditParamsFrom(params: URLSearchParams): AuditParams {
  const page = params.get('page');
  const action = params.get('action');
  return {
    page: page && /^\d{1,6}$/.test(page) && Number(page) > 1 ? Number(page) : 1,
    action: isAuditAction(action) ? action : null,
  };
}

export const auditKeys = {
  all: ['audit'] as const,
  page: ({ page, action }: AuditParams) => ['audit', { page, action }] as const,
};

/** `GET /api/audit`: one page of the trail, newest first, optionally of one action. */
export function getAuditPage(params: AuditParams, signal?: AbortSignal): Promise<AuditPage> {
  return api<AuditPage>('/audit', {
    query: { page: params.page, per_page: AUDIT_PAGE_SIZE, action: params.action ?? undefined },
    signal,
  });
}

/**
 * Every write anywhere adds entries, so a page is fetched again whenever it
 * is shown (no invalidation to wire into every feature); while the next page
 * loads, the current one stays on screen.
 */
export const auditPageQuery = (params: AuditParams) =>
  queryOptions({
    queryKey: auditKeys.page(params),
    queryFn: ({ signal }) => getAuditPage(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { failureKey: 'admin.errors.loadData' },
  });

export function useAuditPageQuery(params: AuditParams) {
  return useQuery(auditPageQuery(params));
}
