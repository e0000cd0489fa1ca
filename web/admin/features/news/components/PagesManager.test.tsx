// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPage } from '#shared/pages';
import { renderAdmin } from '../../../test/render';
import { json, stubModelApi } from '../../../test/llm-api';
import { pagesKeys, usePagesQuery } from '../api/pages.queries';
import { PagesManager } from './PagesManager';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (id: number, title: string, nav: AdminPage['nav'], position: number): AdminPage => ({
  id,
  title,
  slug: title.toLowerCase().replace(/ /g, '-'),
  excerpt: null,
  content: 'Text',
  image_url: null,
  image_alt: null,
  seo_title: null,
  seo_description: null,
  social_image: null,
  nav,
  position,
  published: true,
  published_at: '2025-01-01T00:00:00.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  language: 'en',
  source_language: 'en',
  languages: ['en', 'pt'],
  translations: {
    pt: {
      title: `${title} (pt)`,
      excerpt: null,
      content: 'Texto',
      image_alt: null,
      seo_title: null,
      seo_description: null,
      social_image: null,
      published: false,
      source_hash: null,
      updated_at: '2025-01-01T00:00:00.000Z',
      outdated: false,
    },
  },
});

const pages = [
  page(1, 'About us', 'header', 0),
  page(2, 'Careers', 'header', 1),
  page(3, 'Imprint', 'footer', 2),
];

function renderPages() {
  const calls = stubModelApi(({ url, method, body }) =>
    url === '/api/pages/order' && method === 'PUT'
      ? json(200, {
          data: (body!.ids as number[]).map((id, position) => ({
            ...pages.find((p) => p.id === id)!,
            position,
          })),
        })
      : url === '/api/pages'
        ? json(200, { data: pages })
        : undefined,
  );
  const view = renderAdmin(<PagesManager pages={pages} />);
  view.queryClient.setQueryData(pagesKeys.list, pages);
  return { calls, ...view };
}

describe('the Pages tab', () => {
  it('lists the pages by menu, each with its languages (EN ✓ PT draft DE –)', () => {
    renderPages();
    const header = screen.getByRole('region', { name: /^Header/ });
    expect(
      within(header)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['About us', 'Careers']);
    const footer = screen.getByRole('region', { name: /^Footer/ });
    expect(within(footer).getByText('Imprint')).toBeTruthy();
    const chips = within(header).getAllByRole('list', { name: 'Language versions' })[0]!;
    expect([...chips.children].map((c) => c.querySelector('[aria-hidden]')?.textContent)).toEqual([
      'EN ✓',
      'PT draft',
      'DE –',
    ]);
    expect(screen.getByRole('region', { name: /^Not in a menu/ }).textContent).toContain(
      'No pages here.',
    );
  });

  it('moves a page with the keyboard-usable buttons, saving the whole order and saying so', async () => {
    const { calls } = renderPages();
    const down = screen.getByRole('button', { name: 'Move down: About us' });
    expect(
      screen.getByRole('button', { name: 'Move up: About us' }).getAttribute('aria-disabled'),
    ).toBe('true');
    down.focus();
    fireEvent.click(down);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/pages/order')?.body).toEqual({ ids: [2, 1, 3] }),
    );
    expect(screen.getByText('About us: position 2 of 2 – Header.')).toBeTruthy();
    // The last page of a menu goes no further down; a page alone in its menu has nothing to move.
    fireEvent.click(screen.getByRole('button', { name: 'Move down: Careers' }));
    expect(screen.queryByRole('button', { name: 'Move down: Imprint' })).toBeNull();
    expect(calls.filter((c) => c.url === '/api/pages/order')).toHaveLength(1);
  });

  it('moves a page dropped on another row of its menu', async () => {
    const { calls } = renderPages();
    const rows = screen.getAllByTestId('page-row');
    const data = { effectAllowed: '', dropEffect: '', setData: vi.fn() };
    fireEvent.dragStart(rows[1]!, { dataTransfer: data });
    fireEvent.dragOver(rows[0]!, { dataTransfer: data });
    fireEvent.drop(rows[0]!, { dataTransfer: data });
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/pages/order')?.body).toEqual({ ids: [2, 1, 3] }),
    );
  });

  it('reads the pages again when an order fails, so the next move saves', async () => {
    // A colleague deleted Careers after this tab loaded the list.
    const loaded = [...pages.slice(0, 2), page(4, 'Team', 'header', 2), pages[2]!];
    let stored = loaded.filter((p) => p.id !== 2);
    const calls = stubModelApi(({ url, method, body }) => {
      if (url === '/api/pages' && method === 'GET') return json(200, { data: stored });
      if (url !== '/api/pages/order' || method !== 'PUT') return undefined;
      const ids = body!.ids as number[];
      if (ids.some((id) => !stored.some((p) => p.id === id))) {
        return json(400, { error: 'Validation failed' });
      }
      stored = ids.map((id, position) => ({ ...stored.find((p) => p.id === id)!, position }));
      return json(200, { data: stored });
    });
    function Tab() {
      const { data } = usePagesQuery({ enabled: true });
      return data ? <PagesManager pages={data} /> : null;
    }
    // The list as loaded stays until something makes the tab read it again.
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    client.setQueryData(pagesKeys.list, loaded);
    renderAdmin(<Tab />, { client });
    const header = () =>
      within(screen.getByRole('region', { name: /^Header/ }))
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent);
    await waitFor(() => expect(header()).toEqual(['About us', 'Careers', 'Team']));

    fireEvent.click(screen.getByRole('button', { name: 'Move down: About us' }));
    await waitFor(() => expect(header()).toEqual(['About us', 'Team']));
    expect(calls.filter((c) => c.url === '/api/pages/order').map((c) => c.body)).toEqual([
      { ids: [2, 1, 4, 3] },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Move down: About us' }));
    await waitFor(() => expect(header()).toEqual(['Team', 'About us']));
    expect(calls.filter((c) => c.url === '/api/pages/order').at(-1)?.body).toEqual({
      ids: [4, 1, 3],
    });
    expect(stored.map((p) => p.id)).toEqual([4, 1, 3]);
  });
});
