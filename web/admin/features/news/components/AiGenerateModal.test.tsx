// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/query';
import { renderAdmin } from '../../../test/render';
import { AiGenerateModal } from './AiGenerateModal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const generated = {
  title: 'T',
  excerpt: 'E',
  content: 'C',
  category: 'Technology',
  slug: 't',
};

describe('AiGenerateModal', () => {
  it('offers the three languages, starting with the dashboard’s own', () => {
    renderAdmin(<AiGenerateModal onClose={vi.fn()} onGenerated={vi.fn()} />, { language: 'de' });
    const select = screen.getByLabelText('Sprache des Artikels') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'English',
      'Português',
      'Deutsch',
    ]);
    expect(select.value).toBe('de');
  });

  it('asks the model for the chosen language and category', async () => {
    stubApi(() => generated);
    const onGenerated = vi.fn();
    renderAdmin(<AiGenerateModal onClose={vi.fn()} onGenerated={onGenerated} />);
    expect((screen.getByLabelText('Language of the article') as HTMLSelectElement).value).toBe(
      'en',
    );
    fireEvent.change(screen.getByLabelText('Describe your article *'), {
      target: { value: '  A new welding cell  ' },
    });
    fireEvent.change(screen.getByLabelText(/^Category/), { target: { value: 'Industry' } });
    fireEvent.change(screen.getByLabelText('Language of the article'), {
      target: { value: 'pt' },
    });
    // On by default: the other two languages are drafted as the form opens.
    expect(
      (screen.getByLabelText('Draft in all three languages') as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Content' }));
    await waitFor(() => expect(onGenerated).toHaveBeenCalledWith(generated, 'pt', ['en', 'de']));
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/llm/generate-news-content');
    expect(JSON.parse(String(init?.body))).toEqual({
      prompt: 'A new welding cell',
      category: 'Industry',
      language: 'pt',
    });
  });

  it('drafts one language only when "all three" is unticked', async () => {
    stubApi(() => generated);
    const onGenerated = vi.fn();
    renderAdmin(<AiGenerateModal onClose={vi.fn()} onGenerated={onGenerated} />, {
      language: 'pt',
    });
    const all = screen.getByLabelText('Redigir nos três idiomas') as HTMLInputElement;
    expect(all.getAttribute('aria-describedby')).toBe('ai-all-languages-hint');
    fireEvent.click(all);
    fireEvent.change(screen.getByLabelText('Descreva a sua notícia *'), {
      target: { value: 'Nova célula' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Gerar conteúdo' }));
    await waitFor(() => expect(onGenerated).toHaveBeenCalledWith(generated, 'pt', []));
    expect(vi.mocked(fetch).mock.calls).toHaveLength(1);
  });
});
