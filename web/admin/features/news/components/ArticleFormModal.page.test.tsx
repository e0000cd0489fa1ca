// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/languages';
import type { AdminPage } from '#shared/pages';
import { anArticle } from '../../../test/article';
import { stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { draftFromPage } from '../lib/article-draft';
import { DocumentKindProvider } from '../lib/document-kind';
import { ArticleFormModal } from './ArticleFormModal';

afterEach(cleanup);
quietToasts();

const page: AdminPage = {
  ...anArticle(),
  id: 9,
  title: 'Careers',
  slug: 'careers',
  excerpt: null,
  nav: 'footer',
  position: 0,
  languages: ['en', 'pt'],
  translations: {
    pt: {
      title: 'Carreiras',
      excerpt: null,
      content: 'Contratamos.',
      image_alt: null,
      seo_title: null,
      seo_description: null,
      social_image: null,
      published: true,
      source_hash: null,
      outdated: false,
      updated_at: '2025-03-01T10:00:00.000Z',
    },
  },
};

/** What each admin language calls the thing edited: a page, never an article. */
const words: Record<Language, { page: RegExp; article: RegExp }> = {
  en: { page: /\bpage\b/, article: /article/i },
  pt: { page: /página/, article: /artigo|notícia/i },
  de: { page: /Seite/, article: /Artikel/ },
};

describe('the page editor', () => {
  for (const language of ['en', 'pt', 'de'] as const) {
    it(`calls a page a page in its hints and questions (${language})`, () => {
      stubModelApi();
      renderAdmin(
        <DocumentKindProvider value="page">
          <ArticleFormModal
            mode={{ kind: 'edit', article: page, draft: draftFromPage(page) }}
            categories={[]}
            onClose={vi.fn()}
            onSaved={vi.fn()}
          />
        </DocumentKindProvider>,
        { language },
      );
      const shareHint = document.querySelector('section[aria-labelledby="share-preview-title"] p');
      fireEvent.click(document.getElementById('article-tab-pt')!);
      const publishedHint = document.getElementById('language-publish-hint-pt');
      // Closing with a change asks first.
      const title = document.querySelector<HTMLInputElement>('#article-language-panel input')!;
      fireEvent.change(title, { target: { value: 'Carreiras na Forge' } });
      fireEvent.keyDown(document, { key: 'Escape' });
      const question = screen.getByRole('alertdialog');

      for (const text of [
        shareHint?.textContent,
        publishedHint?.textContent,
        question.textContent,
      ]) {
        expect(text).toMatch(words[language].page);
        expect(text).not.toMatch(words[language].article);
      }
    });
  }
});
