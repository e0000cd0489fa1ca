// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Article } from '#shared/news';
import { anArticle } from '../../../test/article';
import { json, stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { AddNewsMenu } from '../components/AddNewsMenu';
import { draftFromArticle, type ArticleDraft } from '../lib/article-draft';
import { useArticleDialogs } from './useArticleDialogs';

quietToasts();

const article = anArticle({ published: true, published_at: '2025-03-01T10:00:00.000Z' });

type Setup = {
  /** Asked to delete; the delete runs until `done` is called. */
  onRemove?: (item: Article, done: () => void) => void;
  generated?: (draft: ArticleDraft) => ArticleDraft;
};

/** A tab with the Add News menu and one row, as the News and Pages tabs use the hook. */
function Tab({ onRemove = vi.fn(), generated }: Setup) {
  const [removing, setRemoving] = useState(false);
  const remove = (item: Article, onDeleted: () => void) => {
    setRemoving(true);
    onRemove(item, () => {
      setRemoving(false);
      onDeleted();
    });
  };
  const { addMenu, edit, askDelete, dialogs } = useArticleDialogs<Article>({
    draftOf: draftFromArticle,
    categories: ['Technology'],
    generated,
    confirmDelete: (item) => `Delete “${item.title}”?`,
    deleteLabel: 'Delete',
    remove,
    removing,
  });
  return (
    <>
      <AddNewsMenu {...addMenu} />
      <button type="button" onClick={(e) => edit(article, e.currentTarget)}>
        Edit row
      </button>
      <button type="button" onClick={() => askDelete(article)}>
        Delete row
      </button>
      {dialogs}
    </>
  );
}

const renderTab = (setup: Setup = {}) =>
  renderAdmin(
    <MemoryRouter>
      <Tab {...setup} />
    </MemoryRouter>,
  );

// The form is a lazy chunk: its first load can take a while on a busy machine.
const formNamed = (name: string) => screen.findByRole('dialog', { name }, { timeout: 10_000 });

describe('useArticleDialogs', () => {
  it("opens the form on the row's draft and gives focus back to its Edit button", async () => {
    stubModelApi();
    renderTab();
    const editButton = screen.getByRole('button', { name: 'Edit row' });
    editButton.focus();
    fireEvent.click(editButton);
    const form = await formNamed('Edit News Article');
    expect((within(form).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Welding cell');

    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(editButton));
  });

  it('opens the empty form from Add News -> Manually', async () => {
    stubModelApi();
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Add News' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Manually' }));
    const form = await formNamed('Create News Article');
    expect((within(form).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('');
  });

  it('opens the form on the generated draft, as the tab adjusts it', async () => {
    stubModelApi(({ url }) =>
      url === '/api/llm/generate-news-content'
        ? json(200, {
            data: {
              title: 'New welding cell',
              excerpt: 'Summary',
              content: 'Text',
              category: 'Technology',
              slug: 'new-welding-cell',
            },
          })
        : undefined,
    );
    const generated = vi.fn((draft: ArticleDraft) => ({ ...draft, title: `${draft.title}!` }));
    renderTab({ generated });
    fireEvent.click(screen.getByRole('button', { name: 'Add News' }));
    const usingAi = screen.getByRole('menuitem', { name: 'Using AI' });
    await waitFor(() => expect(usingAi.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(usingAi);
    fireEvent.change(screen.getByLabelText('Describe your article *'), {
      target: { value: 'A new welding cell' },
    });
    fireEvent.click(screen.getByLabelText('Draft in all three languages'));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Content' }));
    const form = await formNamed('Create News Article');
    expect(generated).toHaveBeenCalledWith(expect.objectContaining({ category: 'Technology' }));
    expect((within(form).getByLabelText(/^Title/) as HTMLInputElement).value).toBe(
      'New welding cell!',
    );
  });

  it('asks before a delete: Cancel keeps the item, Delete removes it and then closes', () => {
    stubModelApi();
    let done = () => {};
    const onRemove = vi.fn((_item: Article, finish: () => void) => {
      done = finish;
    });
    renderTab({ onRemove });
    fireEvent.click(screen.getByRole('button', { name: 'Delete row' }));
    let question = screen.getByRole('alertdialog');
    expect(question.textContent).toContain('Delete “Welding cell”?');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onRemove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete row' }));
    question = screen.getByRole('alertdialog');
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(onRemove).toHaveBeenCalledWith(article, expect.any(Function));
    // The question stays, its buttons off, until the delete is done.
    expect(screen.getByRole('alertdialog')).toBe(question);
    for (const button of within(question).getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
    act(() => done());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
