// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anArticle } from '../../../test/article';
import { renderAdmin } from '../../../test/render';
import { NewsRow } from './NewsRow';

afterEach(cleanup);

const article = anArticle({
  published: true,
  published_at: '2025-03-01T10:00:00.000Z',
});

function row(pending: boolean) {
  const handlers = { onEdit: vi.fn(), onToggle: vi.fn(), onDelete: vi.fn() };
  renderAdmin(
    <ul>
      <NewsRow article={article} pending={pending} {...handlers} />
    </ul>,
  );
  for (const name of [/^Edit/, /^Unpublish/, /^Delete/])
    fireEvent.click(screen.getByRole('button', { name }));
  return handlers;
}

describe('NewsRow', () => {
  it('acts on Edit, Unpublish and Delete when idle', () => {
    const { onEdit, onToggle, onDelete } = row(false);
    expect(onEdit).toHaveBeenCalledWith(screen.getByRole('button', { name: /^Edit/ }));
    expect(onToggle).toHaveBeenCalledOnce();
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('refuses every action while a write on the article is pending', () => {
    const { onEdit, onToggle, onDelete } = row(true);
    for (const button of screen.getAllByRole('button'))
      expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(onEdit).not.toHaveBeenCalled();
    expect(onToggle).not.toHaveBeenCalled();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('shows its views of the last 30 days when given, and nothing otherwise', () => {
    const handlers = { onEdit: vi.fn(), onToggle: vi.fn(), onDelete: vi.fn() };
    const shown = (views?: number) => {
      cleanup();
      renderAdmin(
        <ul>
          <NewsRow article={article} pending={false} views={views} {...handlers} />
        </ul>,
      );
      return screen.queryByTestId('news-views')?.textContent ?? null;
    };
    expect(shown(1)).toBe('1 view in 30 days');
    expect(shown(1234)).toBe('1,234 views in 30 days');
    expect(shown(0)).toBe('0 views in 30 days');
    expect(shown(undefined)).toBeNull();
  });
});

describe('NewsRow category', () => {
  it('names a known category as the site does, and a typed one as typed', () => {
    const handlers = { onEdit: vi.fn(), onToggle: vi.fn(), onDelete: vi.fn() };
    renderAdmin(
      <ul>
        <NewsRow
          article={{ ...article, category: 'ai-innovation' }}
          pending={false}
          {...handlers}
        />
        <NewsRow
          article={{ ...article, id: 8, category: 'Field trials' }}
          pending={false}
          {...handlers}
        />
      </ul>,
    );
    const categories = screen
      .getAllByText(/^Category:/)
      .map((label) => label.parentElement?.textContent);
    expect(categories).toEqual(['Category: AI Innovation', 'Category: Field trials']);
  });
});
