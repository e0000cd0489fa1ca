// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#shared/news';
import { toast } from '../../../../common/toast';
import { languageTab, openArticleForm } from '../test/open-article-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const article: Article = {
  id: 7,
  title: 'Welding cell',
  excerpt: 'Short summary',
  content: 'See [our cell](https://example.com) and **ForgeArm X2**.',
  category: 'Technology',
  slug: 'welding-cell',
  image_url: null,
  image_alt: null,
  seo_title: null,
  seo_description: null,
  social_image: null,
  published: true,
  published_at: '2025-03-01T10:00:00.000Z',
  created_at: '2025-02-28T10:00:00.000Z',
  updated_at: '2025-03-02T10:00:00.000Z',
  language: 'en',
  source_language: 'en',
  languages: ['en', 'pt'],
  translations: {
    pt: {
      title: 'Célula de soldadura',
      excerpt: 'Resumo curto',
      content: 'Corpo',
      image_alt: null,
      seo_title: null,
      seo_description: null,
      social_image: null,
      updated_at: '2025-03-01T10:00:00.000Z',
      outdated: true,
      published: true,
      source_hash: null,
    },
  },
};

type Call = { method: string; url: string; body: unknown };

/** The API: the model configured; translate-news drafts German and fails for Portuguese. */
function stubModel() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ method: init?.method ?? 'GET', url, body });
      const json = (status: number, payload: unknown) =>
        new Response(JSON.stringify(payload), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      if (url === '/api/llm/llm-status') {
        return json(200, { data: { configured: true, provider: 'openai', model: 'm' } });
      }
      if (url === '/api/llm/translate-news') {
        const [to] = body?.to as string[];
        if (to === 'pt') return json(502, { error: 'The AI service did not answer' });
        const text = {
          title: 'Schweißzelle',
          excerpt: 'Kurzfassung',
          content: 'Inhalt **ForgeArm X2**',
        };
        return json(200, { data: { translations: { [to!]: text } } });
      }
      return json(404, { error: 'Not found' });
    }),
  );
  return calls;
}

const open = (item: Article = article) => openArticleForm(item);
const tab = languageTab;

describe('the article form in three languages', () => {
  it('has a tab per language: the source marked, an outdated translation, a missing one', () => {
    stubModel();
    open();
    expect(tab(/^English/).textContent).toContain('Source');
    expect(tab(/^English/).getAttribute('aria-selected')).toBe('true');
    expect(tab(/^Português/).textContent).toContain('Outdated');
    expect(tab(/^Deutsch/).textContent).toContain('Missing');

    fireEvent.click(tab(/^Português/));
    const title = screen.getByLabelText(/^Title/) as HTMLInputElement;
    expect(title.value).toBe('Célula de soldadura');
    expect(title.getAttribute('lang')).toBe('pt');
    const preview = screen.getByTestId('article-preview');
    expect(within(preview).getByRole('heading', { level: 4 }).textContent).toBe(
      'Célula de soldadura',
    );
    // Edited, it is no longer the outdated text that was stored.
    fireEvent.change(title, { target: { value: 'Célula de soldadura nova' } });
    expect(tab(/^Português/).textContent).toContain('Published');
    expect(within(preview).getByRole('heading', { level: 4 }).textContent).toBe(
      'Célula de soldadura nova',
    );
  });

  it('drafts each missing language with its own call, keeping the ones that arrive', async () => {
    const calls = stubModel();
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    open({ ...article, languages: ['en'], translations: {} });
    const translate = await screen.findByRole('button', { name: 'Translate with AI (PT, DE)' });
    fireEvent.click(translate);

    // A model's translation is a draft until someone publishes it.
    await waitFor(() => expect(tab(/^Deutsch/).textContent).toContain('Draft'));
    const requests = calls.filter((c) => c.url === '/api/llm/translate-news');
    expect(requests.map((c) => c.body)).toEqual(
      ['pt', 'de'].map((to) => ({
        title: article.title,
        excerpt: article.excerpt,
        content: article.content,
        from: 'en',
        to: [to],
      })),
    );
    // Portuguese failed: it says so, in the tab too; German is filled in for review.
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        expect.anything(),
        'The Portuguese translation failed: The AI service did not answer',
      ),
    );
    expect(success).toHaveBeenCalledWith('German draft filled in: review it, then save.');
    expect(tab(/^Português/).textContent).toContain('Failed');
    fireEvent.click(tab(/^Deutsch/));
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Schweißzelle');
    // Nothing is stored until the admin saves.
    expect(calls.filter((c) => c.url.startsWith('/api/news') && c.method !== 'GET')).toEqual([]);
    // The button now offers the one language still missing.
    expect(screen.getByRole('button', { name: 'Translate with AI (PT)' })).toBeTruthy();
  });

  it('sends the translations with the article on save, and a blank one as removed', async () => {
    const calls = stubModel();
    open();
    fireEvent.click(tab(/^Deutsch/));
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Schweißzelle' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    // A German text begun but not finished: the errors show on the German tab.
    expect(await screen.findByText('Excerpt is required')).toBeTruthy();
    expect(tab(/^Deutsch/).getAttribute('aria-selected')).toBe('true');
    expect(calls.filter((c) => c.url.startsWith('/api/news') && c.method !== 'GET')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Excerpt/), { target: { value: 'Kurz' } });
    fireEvent.change(screen.getByLabelText(/^Content/), { target: { value: 'Inhalt' } });
    fireEvent.click(tab(/^Português/));
    for (const field of [/^Title/, /^Excerpt/, /^Content/]) {
      fireEvent.change(screen.getByLabelText(field), { target: { value: '' } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/news/7');
    expect(put.body).toMatchObject({
      source_language: 'en',
      translations: {
        pt: null,
        de: { title: 'Schweißzelle', excerpt: 'Kurz', content: 'Inhalt' },
      },
    });
  });
});
