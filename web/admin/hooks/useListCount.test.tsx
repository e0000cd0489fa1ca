// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_MAX_RESULTS } from '#shared/list-query';
import { renderAdmin } from '../test/render';
import { useListCount } from './useListCount';

afterEach(cleanup);

function Count({ total, searched }: { total: number; searched: boolean }) {
  const count = useListCount();
  return <p>{count('admin.contacts.count', total, searched)}</p>;
}

describe('useListCount', () => {
  it('says a search that reached the bound may have more matches', () => {
    renderAdmin(<Count total={SEARCH_MAX_RESULTS} searched />);
    expect(screen.getByText(/1,000 most recent matches \(there may be more/)).toBeTruthy();
    cleanup();
    renderAdmin(<Count total={SEARCH_MAX_RESULTS} searched />, { language: 'de' });
    expect(screen.getByText(/^Die 1\.000 neuesten Treffer/)).toBeTruthy();
    cleanup();
    renderAdmin(<Count total={SEARCH_MAX_RESULTS} searched />, { language: 'pt' });
    expect(screen.getByText(/^As 1000 correspondências mais recentes/)).toBeTruthy();
  });

  it('gives the plain count below the bound, or without a search', () => {
    renderAdmin(<Count total={SEARCH_MAX_RESULTS - 1} searched />);
    expect(screen.getByText('999 enquiries')).toBeTruthy();
    cleanup();
    renderAdmin(<Count total={SEARCH_MAX_RESULTS} searched={false} />);
    expect(screen.getByText('1,000 enquiries')).toBeTruthy();
  });
});
