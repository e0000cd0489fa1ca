// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AdminArticle } from '#shared/news';
import type { AdminPage } from '#shared/pages';
import type { Role } from '#shared/roles';
import { toast } from '../../common/toast';
import { json, stubModelApi, type ApiCall } from '../test/llm-api';
import { quietToasts } from '../test/quiet-toasts';
import { renderAdmin } from '../test/render';
import { DashboardPage } from './DashboardPage';

quietToasts();

const about: AdminPage = {
  id: 1,
  title: 'About us',
  slug: 'about-us',
  excerpt: null,
  content: 'Who we are.',
  image_url: null,
  image_alt: null,
  seo_title: null,
  seo_description: null,
  social_image: null,
  nav: 'header',
  position: 0,
  published: true,
  published_at: '2025-01-01T00:00:00.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  language: 'en',
  source_language: 'en',
  languages: ['en'],
  translations: {},
};

const cell: AdminArticle = {
  id: 5,
  title: 'New welding cell',
  excerpt: 'Faster seams.',
  content: 'The cell welds twice as fast.',
  category: 'robotics',
  slug: 'new-welding-cell',
  image_url: null,
  image_alt: null,
  seo_title: null,
  seo_description: null,
  social_image: null,
  published: true,
  published_at: '2025-01-01T00:00:00.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  language: 'en',
  source_language: 'en',
  languages: ['en'],
  translations: {},
};

const STATS = {
  total: 0,
  unread: 0,
  unreplied: 0,
  overdue: 0,
  due_soon: 0,
  spam: 0,
  newest_id: null,
  last_7_days: 0,
  per_day: [],
};

const forbidden = () => json(403, { error: 'Access denied. Admin privileges required.' });

/**
 * The API as the server answers a colleague whose role is `account.role`
 * at the time of each call: what the role may not use is refused (403).
 */
function stubServer(account: { role: Role }): ApiCall[] {
  return stubModelApi(({ method, url }) => {
    const path = url.split('?')[0]!;
    const content = account.role !== 'sales';
    if (path === '/api/auth/profile')
      return json(200, {
        data: {
          user: { username: 'writer', is_admin: true, role: account.role },
          two_factor_enabled: false,
          two_factor_setup_required: false,
        },
      });
    if (path.startsWith('/api/pages'))
      return !content ? forbidden() : json(200, { data: method === 'GET' ? [about] : about });
    if (path.startsWith('/api/contacts'))
      return content ? forbidden() : json(200, { data: path.endsWith('/stats') ? STATS : [] });
    if (path === '/api/news/admin') return json(200, { data: [cell] });
    if (path === '/api/news/5') return content ? json(200, { data: cell }) : forbidden();
    if (path === '/api/demo') return json(200, { data: { articles: [] } });
    if (path === '/api/analytics') return json(200, { data: null });
    return undefined;
  });
}

function openDashboard(at: string) {
  renderAdmin(
    <MemoryRouter initialEntries={[at]}>
      <DashboardPage />
    </MemoryRouter>,
  );
}

/** Types a new title into the open form's dialog and answers the title field. */
async function typeTitle(name: string, title: string) {
  const dialog = await screen.findByRole('dialog', { name }, { timeout: 10_000 });
  const field = within(dialog).getByLabelText(/^Title/) as HTMLInputElement;
  fireEvent.change(field, { target: { value: title } });
  return { dialog, field };
}

const sections = () => screen.getByRole('tablist', { name: 'Dashboard sections' });
const tabNames = () =>
  within(sections())
    .getAllByRole('tab')
    .map((tab) => tab.textContent?.split(' ')[0]);

describe('the dashboard of a colleague whose role changes while it is open', () => {
  it('follows the new role at the first refused save, keeping the open form and its text', async () => {
    const account: { role: Role } = { role: 'editor' };
    const calls = stubServer(account);
    openDashboard('/admin?tab=pages');
    fireEvent.click(await screen.findByRole('button', { name: /^Edit.*About us/ }));
    const { dialog, field } = await typeTitle('Edit page', 'About Forge, rewritten');
    expect(tabNames()).toEqual(['News', 'Pages']);

    // Made sales on the server meanwhile: the save is refused.
    account.role = 'sales';
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/api/pages/1']);

    // The profile is asked again, and the tabs are sales' at once.
    await waitFor(() => expect(tabNames()).toEqual(['News', 'Contacts']));
    expect(
      within(sections())
        .getByRole('tab', { name: /^Contacts/ })
        .getAttribute('aria-selected'),
    ).toBe('true');
    // What was typed is still there, in the form still open.
    expect(screen.getByRole('dialog', { name: 'Edit page' })).toBe(dialog);
    expect(field.value).toBe('About Forge, rewritten');

    // Closed, it leaves nothing of the Pages tab behind.
    expect(document.getElementById('pages-title')?.closest('[hidden]')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.getElementById('pages-title')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Contact Submissions' })).toBeTruthy();
  });

  it('keeps an article form open when the new role moves the dashboard to its own first tab', async () => {
    const account: { role: Role } = { role: 'editor' };
    stubServer(account);
    openDashboard('/admin');
    fireEvent.click(await screen.findByRole('button', { name: /^Edit.*New welding cell/ }));
    const { dialog, field } = await typeTitle('Edit News Article', 'A faster welding cell');

    account.role = 'sales';
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(tabNames()).toEqual(['News', 'Contacts']));
    expect(screen.getByRole('dialog', { name: 'Edit News Article' })).toBe(dialog);
    expect(field.value).toBe('A faster welding cell');

    // The News tab, once picked, is sales' own: read-only, no Add News, no Edit.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(sections()).getByRole('tab', { name: /^News/ }));
    expect(await screen.findByRole('heading', { name: 'News Management' })).toBeTruthy();
    expect(screen.getByText('New welding cell')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add News' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});
