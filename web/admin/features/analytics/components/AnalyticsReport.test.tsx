// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsReport as Report } from '#shared/analytics';
import { stubApi } from '../../../test/query';
import { renderAdmin } from '../../../test/render';
import { AnalyticsReport } from './AnalyticsReport';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const report = (days: number): Report => ({
  days,
  time_zone: 'Europe/Lisbon',
  views: Array.from({ length: days }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 27 - (days - 1) + i)).toISOString().slice(0, 10),
    count: i === days - 1 ? 40 : i === days - 2 ? 2 : 0,
  })),
  pages: [
    {
      path: '/welding-cells',
      title: 'Welding cells, in practice',
      views: 30,
      enquiries: 2,
      page: 'document',
      id: 12,
    },
    { path: '/', title: 'Home', views: 12, enquiries: 0, page: 'home', id: null },
  ],
  referrers: [
    { host: 'linkedin.com', views: 9 },
    { host: 'other', views: 3 },
  ],
  languages: [
    { language: 'pt', views: 25 },
    { language: 'en', views: 17 },
  ],
  enquiries_without_source: 3,
});

function renderReport(at = '/admin/analytics', language: 'en' | 'de' = 'en') {
  const calls = stubApi((_method, url) =>
    report(Number(new URL(url, 'http://x').searchParams.get('days'))),
  );
  renderAdmin(
    <MemoryRouter initialEntries={[at]}>
      <AnalyticsReport />
    </MemoryRouter>,
    { language },
  );
  return calls;
}

describe('AnalyticsReport', () => {
  it('shows the views per day, the pages with their enquiries, languages and referring sites', async () => {
    const calls = renderReport();
    const rows = await screen.findAllByTestId('analytics-page');
    expect(calls).toEqual(['GET /api/analytics?days=30']);
    expect(screen.getByTestId('analytics-views').textContent).toContain('42');
    expect(screen.getByTestId('analytics-enquiries').textContent).toContain('2');
    // Those credited to no page, and which are credited at all, said in words.
    expect(screen.getByTestId('analytics-enquiries').textContent).toContain(
      '3 enquiries without a source page',
    );
    expect(
      screen.getByText(/is credited to an article or page when it is sent from that article’s/),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: '42 page views in the last 30 days; busiest day 27/11/2026 with 40.',
      }),
    ).toBeTruthy();
    const cells = (row: HTMLElement) => [
      within(row).getByRole('rowheader').textContent,
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ];
    expect(cells(rows[0]!)).toEqual([
      'Welding cells, in practice (opens in a new tab)/welding-cells',
      '30',
      '2',
    ]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/welding-cells');
    // The home page is never credited with an enquiry: "—", not 0.
    expect(cells(rows[1]!)).toEqual(['Home (opens in a new tab)/', '12', '—not credited']);
    const languages = screen.getByTestId('analytics-languages');
    expect(languages.textContent).toContain('Português25');
    expect(languages.textContent).toContain('English17');
    const referrers = screen.getByTestId('analytics-referrers');
    expect(referrers.textContent).toContain('linkedin.com9');
    expect(referrers.textContent).toContain('Other sites3');
  });

  it('offers 7, 30, 90 and 365 days, the one in the address asked for', async () => {
    const calls = renderReport('/admin/analytics?days=90');
    await screen.findAllByTestId('analytics-page');
    expect(calls).toEqual(['GET /api/analytics?days=90']);
    const periods = within(screen.getByRole('navigation', { name: 'Period' })).getAllByRole('link');
    expect(periods.map((p) => p.textContent)).toEqual(['7 days', '30 days', '90 days', '365 days']);
    expect(periods[2]!.getAttribute('aria-current')).toBe('page');
    fireEvent.click(periods[0]!);
    await screen.findByRole('img', { name: /in the last 7 days/ });
    expect(calls).toEqual(['GET /api/analytics?days=90', 'GET /api/analytics?days=7']);
  });

  it('while another period loads, keeps the last report busy and dimmed, says so, and names its period', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const days = Number(new URL(url, 'http://x').searchParams.get('days'));
        if (days === 365) await held;
        return Response.json({ data: report(days) });
      }),
    );
    renderAdmin(
      <MemoryRouter initialEntries={['/admin/analytics']}>
        <AnalyticsReport />
      </MemoryRouter>,
    );
    await screen.findAllByTestId('analytics-page');
    const busy = () => screen.getByTestId('analytics-views').closest('[aria-busy="true"]');
    expect(busy()).toBeNull();
    expect(screen.getByTestId('analytics-views').textContent).toContain('Last 30 days');
    expect(screen.getByTestId('analytics-enquiries').textContent).toContain('Last 30 days');

    fireEvent.click(screen.getByRole('link', { name: '365 days' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loading...');
    expect(busy()?.className).toContain('opacity-60');
    // The figures still on screen are the 30 days', and say so under the 365-day button.
    expect(screen.getByTestId('analytics-views').textContent).toContain('Last 30 days');
    expect(screen.getByTestId('analytics-enquiries').textContent).toContain('Last 30 days');

    release();
    await screen.findByRole('img', { name: /in the last 365 days/ });
    expect(busy()).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('analytics-views').textContent).toContain('Last 365 days');
  });

  it('says a failed load failed and loads again on Try again', async () => {
    let failing = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        failing
          ? Response.json({ error: 'Internal Server Error' }, { status: 500 })
          : Response.json({ data: report(30) }),
      ),
    );
    renderAdmin(
      <MemoryRouter initialEntries={['/admin/analytics']}>
        <AnalyticsReport />
      </MemoryRouter>,
    );
    await screen.findByText('Failed to load data');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findAllByTestId('analytics-page');
    expect(screen.queryByText('Failed to load data')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('names the site’s own pages in the admin’s language', async () => {
    renderReport('/admin/analytics', 'de');
    const rows = await screen.findAllByTestId('analytics-page');
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe(
      'Startseite (öffnet in einem neuen Tab)/',
    );
  });

  it('writes the chart’s dates as the admin’s language does, and names the zone of its days', async () => {
    renderReport('/admin/analytics?days=7', 'de');
    const chart = await screen.findByRole('img', { name: /Seitenaufrufe in den letzten 7 Tagen/ });
    expect(chart.getAttribute('aria-label')).toContain('27.11.2026');
    const figure = chart.closest('figure')!;
    expect(figure.textContent).toContain('21.11.2026');
    expect(figure.textContent).toContain('27.11.2026');
    expect(figure.textContent).not.toContain('27/11/2026');
    expect(within(figure).getAllByText(/^27\.11\.2026: /).length).toBe(1);
    expect(
      screen.getByText(
        'Die Tage reichen von Mitternacht bis Mitternacht in der Zeitzone des Unternehmens (Europe/Lisbon), wie unter Einstellungen festgelegt.',
      ),
    ).toBeTruthy();
  });
});
