// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageStats } from '#shared/analytics';
import { renderAdmin } from '../../../test/render';
import { PagesTable } from './PagesTable';

afterEach(cleanup);

const pages: PageStats[] = [
  {
    path: '/welding-cells',
    title: 'Welding cells',
    views: 30,
    enquiries: 2,
    page: 'document',
    id: 12,
  },
  { path: '/news', title: 'News', views: 9, enquiries: 0, page: 'news', id: null },
  {
    path: '/taken-back',
    title: 'Taken back',
    views: 3,
    enquiries: 0,
    page: 'document',
    id: 14,
    unpublished: true,
  },
  // Articles and pages deleted since: one last row, its title in the reader's language from the server.
  {
    path: '',
    title: 'Gelöschte Artikel und Seiten',
    views: 7,
    enquiries: 1,
    page: 'document',
    id: null,
    deleted: true,
  },
];

describe('PagesTable', () => {
  it('shows the deleted articles and pages as a row with no page to open, in the admin language', () => {
    renderAdmin(<PagesTable pages={pages} caption="Pages" />, { language: 'en' });
    const rows = screen.getAllByTestId('analytics-page');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/welding-cells');
    expect(within(rows[3]!).queryByRole('link')).toBeNull();
    expect(within(rows[3]!).getByRole('rowheader').textContent).toBe('Deleted articles and pages');
    expect(
      within(rows[3]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['7', '1']);
  });

  it('shows "—" for the enquiries of the site’s own pages, which are never credited with one', () => {
    renderAdmin(<PagesTable pages={pages} caption="Pages" />, { language: 'de' });
    const [article, news] = screen.getAllByTestId('analytics-page');
    expect(within(article!).getAllByRole('cell')[1]!.textContent).toBe('2');
    const enquiries = within(news!).getAllByRole('cell')[1]!;
    expect(enquiries.textContent).toBe('—nicht zugeordnet');
    expect(within(enquiries).getByText('—').getAttribute('aria-hidden')).toBe('true');
  });

  it('marks an article no longer public, with no link to the 404 readers get there', () => {
    renderAdmin(<PagesTable pages={pages} caption="Pages" />, { language: 'pt' });
    const row = screen.getAllByTestId('analytics-page')[2]!;
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).getByRole('rowheader').textContent).toBe(
      'Taken backNão publicado/taken-back',
    );
  });
});
