// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Article } from '#shared/news';
import { anArticle } from '../../../test/article';
import { quietToasts } from '../../../test/quiet-toasts';
import { held, json, stubModelApi, translateCalls, translated } from '../../../test/llm-api';
import { languageTab, openArticleForm } from '../test/open-article-form';

quietToasts();

const article = anArticle({
  content: 'See [our cell](https://example.com).',
  updated_at: '2025-03-02T10:00:00.000Z',
  translations: {},
});

const withPortuguese: Article = {
  ...article,
  languages: ['en', 'pt'],
  translations: {
    pt: {
      title: 'Célula de soldadura',
      excerpt: 'Resumo',
      content: 'Corpo',
      image_alt: null,
      seo_title: null,
      seo_description: null,
      social_image: null,
      updated_at: '2025-03-01T10:00:00.000Z',
      outdated: false,
      published: true,
      source_hash: null,
    },
  },
};

const open = (item: Article = article) => openArticleForm(item);
const tab = languageTab;
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const titleIn = (name: RegExp) => {
  fireEvent.click(tab(name));
  return (screen.getByLabelText(/^Title/) as HTMLInputElement).value;
};

describe('Translate with AI: choosing the languages', () => {
  it('ticks the missing languages and drafts only the ones left ticked', async () => {
    const calls = stubModelApi();
    open();
    const group = await screen.findByRole('group', { name: 'Translate into' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([true, true]);
    expect(screen.getByRole('button', { name: 'Translate with AI (PT, DE)' })).toBeTruthy();

    fireEvent.click(box('Português'));
    fireEvent.click(screen.getByRole('button', { name: 'Translate with AI (DE)' }));
    await waitFor(() => expect(tab(/^Deutsch/).textContent).toContain('Draft'));
    expect(translateCalls(calls)).toEqual(['en>de']);
    expect(tab(/^Português/).textContent).toContain('Missing');
    expect(titleIn(/^Deutsch/)).toBe('[de] Welding cell');
    // German has a text now: no longer ticked; Portuguese, still missing, is offered again.
    expect(box('Deutsch').checked).toBe(false);
    expect(box('Português').checked).toBe(true);
    expect(calls.filter((c) => c.url.startsWith('/api/news') && c.method !== 'GET')).toEqual([]);
  });

  it('marks a translation ticked for a new draft: its text in the form will be replaced', async () => {
    const calls = stubModelApi();
    open(withPortuguese);
    await screen.findByRole('group', { name: 'Translate into' });
    expect(box('Português').checked).toBe(false);
    expect(screen.queryByText(/replaces the text already in/)).toBeNull();

    fireEvent.click(box('Português'));
    const note = screen.getByText(
      'The new draft replaces the text already in Portuguese – nothing is stored until you save.',
    );
    expect(box('Português').getAttribute('aria-describedby')).toBe(note.id);
    expect(box('Deutsch').getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(box('Deutsch'));
    fireEvent.click(screen.getByRole('button', { name: 'Translate with AI (PT)' }));

    await waitFor(() => expect(titleIn(/^Português/)).toBe('[pt] Welding cell'));
    expect(translateCalls(calls)).toEqual(['en>pt']);
    expect(screen.queryByText(/replaces the text already in/)).toBeNull();
    expect(box('Português').checked).toBe(false);
    expect(calls.filter((c) => c.url.startsWith('/api/news') && c.method !== 'GET')).toEqual([]);
  });

  it('with nothing ticked, the button says what to do instead of drafting', async () => {
    const calls = stubModelApi();
    open();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Português' }));
    fireEvent.click(box('Deutsch'));
    const button = screen.getByRole('button', { name: 'Translate with AI' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('Tick the languages to translate into.');
    expect(translateCalls(calls)).toEqual([]);
  });

  it('shows each language’s progress, keeps a failure with Try again, and holds Save meanwhile', async () => {
    const german = held<Response>();
    let portugueseFails = true;
    const calls = stubModelApi(({ url, body }) => {
      if (url !== '/api/llm/translate-news') return undefined;
      const [to] = body?.to as string[];
      if (to === 'de') return german.promise;
      return portugueseFails ? json(502, { error: 'The AI service did not answer' }) : undefined;
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Translate with AI (PT, DE)' }));

    const failure = await screen.findByTestId('translation-failed-pt');
    expect(failure.textContent).toContain(
      'The Portuguese translation failed: The AI service did not answer',
    );
    expect(tab(/^Português/).textContent).toContain('Failed');
    expect(tab(/^Deutsch/).textContent).toContain('Translating…');
    expect(box('Deutsch').disabled).toBe(true);
    const save = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Translating – you can save once the drafts are in.').id).toBe(
      save.getAttribute('aria-describedby'),
    );

    german.release(translated('de', { title: article.title }));
    await waitFor(() => expect(tab(/^Deutsch/).textContent).toContain('Draft'));
    expect(save.disabled).toBe(false);
    // The failure stays after the other language arrived, with the source untouched.
    expect(screen.getByTestId('translation-failed-pt')).toBeTruthy();
    expect(titleIn(/^English/)).toBe('Welding cell');

    portugueseFails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again – Portuguese' }));
    await waitFor(() => expect(tab(/^Português/).textContent).toContain('Draft'));
    expect(screen.queryByTestId('translation-failed-pt')).toBeNull();
    expect(translateCalls(calls)).toEqual(['en>pt', 'en>de', 'en>pt']);
  });

  it('puts a failure message away without touching the language', async () => {
    stubModelApi(({ url }) =>
      url === '/api/llm/translate-news' ? json(502, { error: 'Down' }) : undefined,
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Translate with AI (PT, DE)' }));
    await screen.findByTestId('translation-failed-de');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss – German' }));
    expect(screen.queryByTestId('translation-failed-de')).toBeNull();
    expect(screen.getByTestId('translation-failed-pt')).toBeTruthy();
    expect(tab(/^Deutsch/).textContent).toContain('Missing');
  });
});
