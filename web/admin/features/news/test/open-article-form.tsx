import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { Article } from '#shared/news';
import { renderAdmin } from '../../../test/render';
import { ArticleFormModal } from '../components/ArticleFormModal';
import { draftFromArticle } from '../lib/article-draft';

/** The article form open on `article`, as the Edit button opens it. */
export function openArticleForm(article: Article): void {
  renderAdmin(
    <ArticleFormModal
      mode={{ kind: 'edit', article, draft: draftFromArticle(article) }}
      categories={[]}
      onClose={vi.fn()}
      onSaved={vi.fn()}
    />,
  );
}

/** The form's tab of a language, by its name and badge ("Português Translated"). */
export const languageTab = (name: RegExp) => screen.getByRole('tab', { name });
