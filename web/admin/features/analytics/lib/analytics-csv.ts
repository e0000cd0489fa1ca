import { creditsEnquiries, type AnalyticsReport } from '#shared/analytics';
import { csvDocument } from '#shared/csv';

/** The cells' separator: commas, or semicolons for spreadsheets set up for European formats. */
export type AnalyticsCsvSeparator = ',' | ';';

/**
 * The screen's table as CSV: each page's address, title, views and the
 * enquiries it led to over the period, most viewed first (empty for the
 * site's own pages, which are never credited with one). The headers are
 * the API's field names, like the enquiries' export, which offers the same
 * two separators.
 */
export function analyticsCsv(
  report: AnalyticsReport,
  separator: AnalyticsCsvSeparator = ',',
): string {
  return csvDocument(
    [
      ['path', 'title', 'views', 'enquiries'],
      ...report.pages.map((p) => [
        p.path,
        p.title,
        p.views,
        creditsEnquiries(p.page) ? p.enquiries : '',
      ]),
    ],
    separator,
  );
}

/** `analytics-30-days-2026-11-27.csv`: the period and the day it ends. */
export function analyticsFilename(report: AnalyticsReport): string {
  const last = report.views.at(-1)?.date ?? new Date().toISOString().slice(0, 10);
  return `analytics-${report.days}-days-${last}.csv`;
}
