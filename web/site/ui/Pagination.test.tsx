// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { i18nFor } from '../../common/i18n';
import { Pagination } from './Pagination';

afterEach(cleanup);

const show = (page: number, pages: number) =>
  render(
    <I18nextProvider i18n={i18nFor('en')}>
      <MemoryRouter initialEntries={[`/news?page=${page}`]}>
        <Pagination page={page} pages={pages} />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('Pagination', () => {
  it('is hidden when there is a single page', () => {
    const { container } = show(1, 1);
    expect(container.innerHTML).toBe('');
  });

  it('disables previous on the first page and links the others with ?page=N', () => {
    show(1, 3);
    expect(screen.getByText('Previous').closest('[aria-disabled="true"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/news?page=3');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/news?page=2');
  });

  it('shows first and last shortcuts with ellipses around a centred window', () => {
    const { container } = show(6, 12);
    const numbers = screen.getAllByRole('link', { name: /^Page \d+$/ }).map((a) => a.textContent);
    expect(numbers).toEqual(['1', '4', '5', '6', '7', '8', '12']);
    expect(container.textContent?.match(/…/g)).toHaveLength(2);
  });

  it('disables next on the last page', () => {
    show(4, 4);
    expect(screen.getByText('Next').closest('[aria-disabled="true"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/news?page=3',
    );
  });
});
