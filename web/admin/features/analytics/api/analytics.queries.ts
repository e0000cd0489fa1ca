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
 * Counts grow with every reader, so the analytics screen fetches a report
 * again whenever it is shown (the news list's views may be a minute old);
 * another period keeps the last one on screen until it is in.
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
 * How old the news list's view counts may be: the tab is opened again and
 * again while working, and the report is heavy to compute; the analytics
 * screen itself always asks for the latest counts.
 */
const ARTICLE_VIEWS_STALE_MS = 60_000;

/**
 * Each article's (and page's) views over the default period, by id, for the
 * news list; null until they are in, or when `enabled` is off.
 */
export function useArticleViews({
  enabled,
}: {
  enabled: boolean;
}): ReadonlyMap<number, number> | null {
  const report = useQuery({
    ...analyticsQuery(ANALYTICS_DEFAULT_DAYS),
    staleTime: ARTICLE_VIEWS_STALE_MS,
    enabled,
  });
  return useMemo(() => {
    if (!enabled || !report.data) return null;
    return new Map(
      report.data.pages.filter((p) => p.id !== null).map((p) => [p.id!, p.views] as const),
    );
  }, [enabled, report.data]);
}
