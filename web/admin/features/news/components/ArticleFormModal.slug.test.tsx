// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPage } from '#shared/pages';
import { anArticle } from '../../../test/article';
import { json, stubModelApi, type ApiCall } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { draftFromArticle, draftFromPage } from '../lib/article-draft';
import { DocumentKindProvider } from '../lib/document-kind';
import { ArticleFormModal } from './ArticleFormModal';

afterEach(cleanup);
quietToasts();

const article = anArticle();

const page: AdminPage = {
  ...article,
  id: 9,
  title: 'Careers',
  slug: 'careers',
  excerpt: null,
  nav: 'footer',
  position: 0,
  translations: {},
};

/** The server's 409 for a slug another row had before, as the API sends it. */
const usedBefore = () =>
  json(409, {
    error:
      '“Grand opening” had this slug before, and its old links lead there. Choose another slug, or take it over so that those links lead to this page instead.',
    details: { slug: 'Another article or page had this slug before; its old links lead there' },
    code: 'slug_used_before',
  });

const TAKE_OVER = 'Take over this address';
const saves = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');
const slugInput = () => screen.getByLabelText(/^Slug/) as HTMLInputElement;

/** Saves refused while they do not take the slug over. */
const refusedUntilTakenOver = (body: ApiCall['body']) =>
  body?.reuse_slug ? json(200, { data: article }) : usedBefore();

/** The editor on `article` (or, for `kind: 'page'`, on `page`), each save answered by `answer`. */
function openEditor({ kind = 'article', answer = refusedUntilTakenOver } = {}) {
  const calls = stubModelApi(({ method, body }) => (method === 'PUT' ? answer(body) : undefined));
  const onSaved = vi.fn();
  const mode =
    kind === 'page'
      ? ({ kind: 'edit', article: page, draft: draftFromPage(page) } as const)
      : ({ kind: 'edit', article, draft: draftFromArticle(article) } as const);
  renderAdmin(
    <DocumentKindProvider value={kind === 'page' ? 'page' : 'article'}>
      <ArticleFormModal mode={mode} categories={[]} onClose={vi.fn()} onSaved={onSaved} />
    </DocumentKindProvider>,
  );
  return { calls, onSaved };
}

describe('ArticleFormModal taking over a slug used before', () => {
  it('offers to take the slug over, and saves with it taken over', async () => {
    const { calls, onSaved } = openEditor();
    fireEvent.change(slugInput(), { target: { value: 'grand-opening' } });
    expect(screen.queryByRole('button', { name: TAKE_OVER })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    const takeOver = await screen.findByRole('button', { name: TAKE_OVER });
    expect(takeOver.getAttribute('aria-describedby')).toBe('article-slug-error');
    expect(document.getElementById('article-slug-error')?.textContent).toBe(
      'Another article or page had this slug before; its old links lead there',
    );
    expect(saves(calls)[0]!.body).not.toHaveProperty('reuse_slug');
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.click(takeOver);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saves(calls)[1]!.body).toMatchObject({ slug: 'grand-opening', reuse_slug: true });
  });

  it('keeps taking it over when the save then meets a colleague’s and is made anyway', async () => {
    const conflict = json(409, {
      error: 'Someone else saved this after you opened it, so your changes were not saved.',
      details: { updated_at: 'Your changes are still here. Save anyway to replace …' },
    });
    const answers = [usedBefore(), conflict, json(200, { data: article })];
    const { calls, onSaved } = openEditor({ answer: () => answers.shift()! });
    fireEvent.change(slugInput(), { target: { value: 'grand-opening' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    fireEvent.click(await screen.findByRole('button', { name: TAKE_OVER }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saves(calls).map((c) => [c.body?.reuse_slug, c.body?.updated_at])).toEqual([
      [undefined, article.updated_at],
      [true, article.updated_at],
      [true, undefined],
    ]);
  });

  it('withdraws the offer once the slug is changed', async () => {
    openEditor();
    fireEvent.change(slugInput(), { target: { value: 'grand-opening' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('button', { name: TAKE_OVER });
    fireEvent.change(slugInput(), { target: { value: 'grand-opening-2' } });
    expect(screen.queryByRole('button', { name: TAKE_OVER })).toBeNull();
  });

  it('offers nothing for a slug another article has now', async () => {
    openEditor({
      answer: () =>
        json(409, {
          error: 'This slug is already used by another article or page',
          details: { slug: 'This slug is already used by another article or page' },
        }),
    });
    fireEvent.change(slugInput(), { target: { value: 'taken-now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(document.getElementById('article-slug-error')?.textContent).toBe(
        'This slug is already used by another article or page',
      ),
    );
    expect(screen.queryByRole('button', { name: TAKE_OVER })).toBeNull();
  });

  it('offers it on a page’s editor too, saving the page', async () => {
    const { calls, onSaved } = openEditor({ kind: 'page' });
    fireEvent.change(slugInput(), { target: { value: 'grand-opening' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    fireEvent.click(await screen.findByRole('button', { name: TAKE_OVER }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saves(calls).map((c) => c.url)).toEqual(['/api/pages/9', '/api/pages/9']);
    expect(saves(calls)[1]!.body).toMatchObject({ slug: 'grand-opening', reuse_slug: true });
  });
});
