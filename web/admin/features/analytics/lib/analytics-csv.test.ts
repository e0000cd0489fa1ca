import { describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '#shared/analytics';
import { analyticsCsv, analyticsFilename } from './analytics-csv';

const report: AnalyticsReport = {
  days: 7,
  time_zone: 'Europe/Lisbon',
  views: [{ date: '2026-11-27', count: 5 }],
  pages: [
    {
      path: '/cells',
      title: 'Cells, "in practice"',
      views: 4,
      enquiries: 1,
      page: 'document',
      id: 3,
    },
    { path: '/eq', title: '=1+1', views: 1, enquiries: 0, page: 'document', id: 4 },
    { path: '/', title: 'Home', views: 9, enquiries: 0, page: 'home', id: null },
  ],
  referrers: [],
  languages: [],
  enquiries_without_source: 0,
};

describe('analyticsCsv', () => {
  it('is the table with a header row, quoted as spreadsheets need, formulas as text', () => {
    expect(analyticsCsv(report)).toBe(
      '\uFEFFpath,title,views,enquiries\r\n' +
        '/cells,"Cells, ""in practice""",4,1\r\n' +
        "/eq,'=1+1,1,0\r\n" +
        // The site's own pages are never credited with an enquiry: no count, not 0.
        '/,Home,9,\r\n',
    );
    expect(analyticsFilename(report)).toBe('analytics-7-days-2026-11-27.csv');
  });

  it('separates the cells with semicolons for spreadsheets set up for European formats', () => {
    const semicolons = {
      ...report,
      pages: [{ ...report.pages[0]!, title: 'Cells; in practice, 2' }],
    };
    expect(analyticsCsv(semicolons, ';')).toBe(
      '\uFEFFpath;title;views;enquiries\r\n' + '/cells;"Cells; in practice, 2";4;1\r\n',
    );
  });
});
