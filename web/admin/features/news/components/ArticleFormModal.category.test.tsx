// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/languages';
import type { Article } from '#shared/news';
import { anArticle } from '../../../test/article';
import { json, stubModelApi, type ApiCall } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { draftFromArticle } from '../lib/article-draft';
import { ArticleFormModal } from './ArticleFormModal';

quietToasts();

const LABELS = {
  pt: { category: /^Categoria/, save: 'Guardar alterações' },
  de: { category: /^Kategorie/, save: 'Änderungen speichern' },
} as const;

function edit(article: Article, language: 'pt' | 'de') {
  const calls = stubModelApi(({ method }) =>
    method === 'PUT' ? json(200, { data: article }) : undefined,
  );
  renderAdmin(
    <ArticleFormModal
      mode={{ kind: 'edit', article, draft: draftFromArticle(article) }}
      categories={[]}
      onClose={vi.fn()}
      onSaved={vi.fn()}
    />,
    { language: language as Language },
  );
  const labels = LABELS[language];
  const category = () => screen.getByLabelText(labels.category) as HTMLInputElement;
  const save = async () => {
    const title = document.querySelector<HTMLInputElement>('input[name="title"]')!;
    fireEvent.change(title, { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: labels.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    return (calls.find((c) => c.method === 'PUT') as ApiCall).body?.category;
  };
  return { category, save };
}

describe('ArticleFormModal: the category in the admin’s language', () => {
  it('shows a known category by its label and saves the stored value back', async () => {
    const form = edit(anArticle({ category: 'robotics' }), 'pt');
    expect(form.category().value).toBe('Robótica');
    expect(await form.save()).toBe('robotics');
  });

  it('shows the model’s English category in German, and keeps it', async () => {
    const form = edit(anArticle({ category: 'Technology' }), 'de');
    expect(form.category().value).toBe('Technologie');
    expect(await form.save()).toBe('Technology');
  });

  it('keeps the stored value when what is typed again names the same category', async () => {
    const form = edit(anArticle({ category: 'robotics' }), 'pt');
    fireEvent.change(form.category(), { target: { value: 'Robótic' } });
    expect(form.category().value).toBe('Robótic');
    fireEvent.change(form.category(), { target: { value: 'Robótica' } });
    expect(form.category().value).toBe('Robótica');
    expect(await form.save()).toBe('robotics');
  });

  it('saves another category as typed', async () => {
    const form = edit(anArticle({ category: 'robotics' }), 'pt');
    fireEvent.change(form.category(), { target: { value: 'Investigação' } });
    expect(form.category().value).toBe('Investigação');
    expect(await form.save()).toBe('Investigação');
  });
});
