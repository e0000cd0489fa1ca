import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_PERIODS, type AnalyticsReport } from '#shared/analytics';
import { api } from '../../../../common/api';

export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** The period in the address (`?days=90`): one the screen offers, else 30 days. */
export function periodFrom(params: URLSearchParams): AnalyticsPeriod {
  const days = Number(params.get('days'));
  return (ANALYTICS_PERIODS as readonly number[]).includes(days)
    ? (days as AnalyticsPeriod)
    : (ANALYTICS_DEFAULT_DAYS as AnalyticsPeriod);
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (days: number) => ['analytics', { days }] as const,
};

/** `GET /api/analytics?days=N`: views per day, pages, referring sites and languages. */
export function getAnalytics(days: number, signal?: AbortSignal): Promise<AnalyticsReport> {
  return api<AnalyticsReport>('/analytics', { query: { days }, signal });
}

/**
 * Counts grow with every reader, so a report is fetched again whenever it is
 * shown; another period keeps the last one on screen until it is in.
 */
export const analyticsQuery = (days: number) =>
  queryOptions({
    queryKey: analyticsKeys.report(days),
    queryFn: ({ signal }) => getAnalytics(days, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { failureKey: 'admin.errors.loadData' },
  });

export function useAnalyticsQuery(days: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...analyticsQuery(days), enabled });
}

/**
 * Each article's (and page's) views over the default period, by id, for the
 * news list; null until they are in, or when `enabled` is off.
 */
export function useArticleViews({
  enabled,
}: {
  enabled: boolean;
}): ReadonlyMap<number, number> | null {
  const report = useAnalyticsQuery(ANALYTICS_DEFAULT_DAYS, { enabled });
  return useMemo(() => {
    if (!enabled || !report.data) return null;
    return new Map(
      report.data.pages.filter((p) => p.id !== null).map((p) => [p.id!, p.views] as const),
    );
  }, [enabled, report.data]);
}
