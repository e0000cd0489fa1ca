// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Article } from '#shared/news';
import { toast } from '../../../../common/toast';
import { json, stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { NewsManager } from './NewsManager';

quietToasts();

const article = (id: number, slug: string): Article => ({
  id,
  title: `Article ${slug}`,
  excerpt: 'Short summary',
  content: 'Body',
  category: 'robotics',
  slug,
  image_url: null,
  image_alt: null,
  seo_title: null,
  seo_description: null,
  social_image: null,
  published: true,
  published_at: '2025-03-01T10:00:00.000Z',
  created_at: '2025-02-28T10:00:00.000Z',
  updated_at: '2025-03-01T10:00:00.000Z',
  language: 'en',
  source_language: 'en',
  languages: ['en'],
  translations: {},
});

const ARTICLES = [article(1, 'our-news'), article(2, 'demo-one'), article(3, 'demo-two')];

/** The News tab as the dashboard shows it, its list a page from the API. */
const renderTab = (readOnly = false) =>
  renderAdmin(
    <MemoryRouter>
      <NewsManager readOnly={readOnly} />
    </MemoryRouter>,
  );
const listPage = (url: string) =>
  url.startsWith('/api/news/admin?') ? json(200, { data: ARTICLES }) : undefined;

describe('demo content in the News tab', () => {
  it('is marked in the list and removed in one confirmed action', async () => {
    let demo = [
      { id: 2, slug: 'demo-one', title: 'Article demo-one' },
      { id: 3, slug: 'demo-two', title: 'Article demo-two' },
    ];
    const calls = stubModelApi(({ method, url }) => {
      if (url !== '/api/demo') return listPage(url);
      if (method === 'DELETE') {
        demo = [];
        return json(200, { data: { removed: 2 } });
      }
      return json(200, { data: { articles: demo } });
    });
    renderTab();
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('2 demo articles from the first start are on the site');
    const rows = await screen.findAllByTestId('news-row');
    expect(rows.map((r) => within(r).queryByText('Demo') !== null)).toEqual([false, true, true]);

    fireEvent.click(within(note).getByRole('button', { name: 'Remove demo content' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove all 2 demo articles and their translations?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove 2 articles' }));
    // The removal, then the lists read again: give a busy machine time.
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull(), { timeout: 5000 });
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/demo']);
    expect(toast.success).toHaveBeenCalledWith('2 demo articles removed');
  });

  it('is only shown, not removable, for a role that reads articles', async () => {
    stubModelApi(({ url }) =>
      url === '/api/demo'
        ? json(200, { data: { articles: [{ id: 2, slug: 'demo-one', title: 'x' }] } })
        : listPage(url),
    );
    renderTab(true);
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('1 demo article from the first start is on the site');
    expect(within(note).queryByRole('button')).toBeNull();
  });
});
