// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { quietToasts } from '../../../test/quiet-toasts';
import { held, json, stubModelApi, translateCalls, translated } from '../../../test/llm-api';
import { renderAdmin } from '../../../test/render';
import { NewsManager } from './NewsManager';

quietToasts();

const generated = {
  title: 'Nova célula de soldadura',
  excerpt: 'Resumo',
  content: '## Porquê\n\nVeja [a célula](https://example.com).',
  category: 'Technology',
  slug: 'nova-celula-de-soldadura',
};

/** Add News -> Using AI, a description in Portuguese, Generate. */
async function generateInPortuguese(allLanguages: boolean) {
  fireEvent.click(await screen.findByRole('button', { name: 'Add News' }));
  const usingAi = screen.getByRole('menuitem', { name: 'Using AI' });
  await waitFor(() => expect(usingAi.getAttribute('aria-disabled')).toBe('false'));
  fireEvent.click(usingAi);
  fireEvent.change(screen.getByLabelText('Describe your article *'), {
    target: { value: 'A new welding cell' },
  });
  fireEvent.change(screen.getByLabelText('Language of the article'), { target: { value: 'pt' } });
  if (!allLanguages) fireEvent.click(screen.getByLabelText('Draft in all three languages'));
  fireEvent.click(screen.getByRole('button', { name: 'Generate Content' }));
  // The form is a lazy chunk: its first load can take a while on a busy machine.
  return screen.findByRole('dialog', { name: 'Create News Article' }, { timeout: 10_000 });
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('Using AI in all three languages', () => {
  it('opens the form with the source and drafts the other two, each on its own', async () => {
    const english = held<Response>();
    let germanFails = true;
    const calls = stubModelApi(({ url, body }) => {
      if (url === '/api/llm/generate-news-content') return json(200, { data: generated });
      if (url === '/api/news') return json(201, { data: { id: 1 } });
      if (url !== '/api/llm/translate-news') return undefined;
      const [to] = body?.to as string[];
      if (to === 'en') return english.promise;
      return germanFails ? json(502, { error: 'The AI service did not answer' }) : undefined;
    });
    renderAdmin(
      <MemoryRouter>
        <NewsManager />
      </MemoryRouter>,
    );
    await generateInPortuguese(true);

    expect(tab(/^Português/).textContent).toContain('Source');
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe(generated.title);
    await waitFor(() => expect(tab(/^English/).textContent).toContain('Translating…'));
    // German failed: said where it happened, with a way to try again; English still on its way.
    expect((await screen.findByTestId('translation-failed-de')).textContent).toContain(
      'The German translation failed: The AI service did not answer',
    );
    expect(tab(/^Deutsch/).textContent).toContain('Failed');
    expect(tab(/^English/).textContent).toContain('Translating…');
    const create = screen.getByRole('button', { name: 'Create Article' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);

    english.release(translated('en', generated));
    await waitFor(() => expect(tab(/^English/).textContent).toContain('Draft'));
    germanFails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again – German' }));
    await waitFor(() => expect(tab(/^Deutsch/).textContent).toContain('Draft'));
    expect(translateCalls(calls)).toEqual(['pt>en', 'pt>de', 'pt>de']);
    // Nothing was stored until now.
    expect(calls.filter((c) => c.url === '/api/news')).toEqual([]);

    fireEvent.click(create);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/news')).toBe(true));
    expect(calls.find((c) => c.url === '/api/news')!.body).toMatchObject({
      title: generated.title,
      source_language: 'pt',
      published: false,
      // The model's translations are saved as drafts, with the source they were made from.
      translations: {
        en: { title: `[en] ${generated.title}`, published: false, source_hash: expect.any(String) },
        de: { title: `[de] ${generated.title}`, published: false, source_hash: expect.any(String) },
      },
    });
  });

  it('drafts the chosen language only when "all three" is unticked', async () => {
    const calls = stubModelApi(({ url }) =>
      url === '/api/llm/generate-news-content' ? json(200, { data: generated }) : undefined,
    );
    renderAdmin(
      <MemoryRouter>
        <NewsManager />
      </MemoryRouter>,
    );
    await generateInPortuguese(false);
    expect(tab(/^English/).textContent).toContain('Missing');
    expect(tab(/^Deutsch/).textContent).toContain('Missing');
    expect(translateCalls(calls)).toEqual([]);
  });
});
