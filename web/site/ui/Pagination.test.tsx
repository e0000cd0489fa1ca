// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
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

const numbers = () =>
  within(screen.getByRole('list'))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('Pagination', () => {
  it('is hidden when there is a single page', () => {
    const { container } = show(1, 1);
    expect(container.innerHTML).toBe('');
  });

  it('on the first page keeps Previous as a disabled link without an address', () => {
    show(1, 3);
    const previous = screen.getByRole('link', { name: 'Previous' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect(previous.hasAttribute('href')).toBe(false);
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/news?page=3');
    const next = screen.getByRole('link', { name: 'Next' });
    expect(next.getAttribute('href')).toBe('/news?page=2');
    expect(next.hasAttribute('aria-disabled')).toBe(false);
  });

  it('on the last page keeps Next as a disabled link without an address', () => {
    show(4, 4);
    const next = screen.getByRole('link', { name: 'Next' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(next.hasAttribute('href')).toBe(false);
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/news?page=3',
    );
  });

  it('shows first and last shortcuts with ellipses around a centred window of five', () => {
    const { container } = show(6, 12);
    expect(numbers()).toEqual(['1', '4', '5', '6', '7', '8', '12']);
    expect(container.textContent?.match(/…/g)).toHaveLength(2);
  });

  it('keeps the numbers in one list that never wraps, Previous and Next outside it', () => {
    show(5, 10);
    const list = screen.getByRole('list');
    expect(list.className).toContain('flex-nowrap');
    expect(within(list).queryByRole('link', { name: /Previous|Next/ })).toBeNull();
    expect(numbers()).toEqual(['1', '3', '4', '5', '6', '7', '10']);
  });
});
