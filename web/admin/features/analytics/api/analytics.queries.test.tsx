// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsReport } from '#shared/analytics';
import { renderWithClient, stubApi } from '../../../test/query';
import { useAnalyticsQuery, useArticleViews } from './analytics.queries';

const report = (days: number): AnalyticsReport => ({
  days,
  time_zone: 'Europe/Lisbon',
  views: [],
  pages: [{ path: '/a', title: 'A', views: 7, enquiries: 0, page: 'document', id: 3 }],
  referrers: [],
  languages: [],
  enquiries_without_source: 0,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the 30-day report', () => {
  it('is not fetched again each time the news list is shown, but the analytics screen still does', async () => {
    const calls = stubApi(() => report(30));
    const client = new QueryClient();
    const newsList = () => renderWithClient(() => useArticleViews({ enabled: true }), client);

    const first = newsList();
    await waitFor(() => expect(first.result.current?.get(3)).toBe(7));
    first.unmount();
    // Back on the News tab a moment later (another tab in between).
    const again = newsList();
    expect(again.result.current?.get(3)).toBe(7);
    again.unmount();
    expect(calls).toEqual(['GET /api/analytics?days=30']);

    // The analytics screen is where the latest counts are asked for.
    const screen = renderWithClient(() => useAnalyticsQuery(30), client);
    await waitFor(() => expect(calls).toHaveLength(2));
    screen.unmount();
    client.clear();
  });
});
