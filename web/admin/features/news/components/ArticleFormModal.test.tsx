// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/languages';
import type { Revision } from '#shared/revisions';
import { anArticle } from '../../../test/article';
import { held, json, stubModelApi, translated, type ApiCall } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { leavingIsQuestioned } from '../../../test/leave';
import { renderAdmin } from '../../../test/render';
import { draftFromArticle, emptyDraft } from '../lib/article-draft';
import { ArticleFormModal } from './ArticleFormModal';

afterEach(cleanup);
quietToasts();

const article = anArticle();

function open(mode: Parameters<typeof ArticleFormModal>[0]['mode']) {
  const onClose = vi.fn();
  renderAdmin(<ArticleFormModal mode={mode} categories={[]} onClose={onClose} onSaved={vi.fn()} />);
  return onClose;
}

const escape = () => fireEvent.keyDown(document, { key: 'Escape' });
const confirmation = () => screen.queryByRole('alertdialog', { name: 'Please confirm' });

describe('ArticleFormModal closing', () => {
  it('closes at once when nothing was changed', () => {
    const onClose = open({ kind: 'edit', article, draft: draftFromArticle(article) });
    escape();
    expect(confirmation()).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks before Escape discards a half-written article, and can go back to it', () => {
    const onClose = open({ kind: 'create', draft: emptyDraft });
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Half an idea' } });
    escape();
    expect(confirmation()?.textContent).toContain(
      'This article has unsaved changes. Discard them?',
    );
    expect(onClose).not.toHaveBeenCalled();
    // Escape now answers the question (keeps editing), it does not close the form.
    escape();
    expect(confirmation()).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Half an idea');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks on a backdrop click too, and Keep editing stays', () => {
    const onClose = open({ kind: 'edit', article, draft: draftFromArticle(article) });
    fireEvent.change(screen.getByLabelText(/^Excerpt/), { target: { value: 'Changed' } });
    const backdrop = document.querySelector<HTMLElement>('.fixed.inset-0 > [aria-hidden="true"]')!;
    fireEvent.click(backdrop);
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(confirmation()).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit News Article' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before a reload or closing the window loses unsaved changes', () => {
    open({ kind: 'edit', article, draft: draftFromArticle(article) });
    expect(leavingIsQuestioned()).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Excerpt/), { target: { value: 'Changed' } });
    expect(leavingIsQuestioned()).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Excerpt/), { target: { value: 'Short summary' } });
    expect(leavingIsQuestioned()).toBe(false);
  });

  it('counts an AI draft not saved yet as something to lose', () => {
    const onClose = open({
      kind: 'create',
      draft: { ...emptyDraft, title: 'Drafted', excerpt: 'E', content: 'C', slug: 'drafted' },
    });
    escape();
    expect(confirmation()).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ArticleFormModal saving over a colleague', () => {
  const saves = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');
  const conflict = () =>
    json(409, {
      error: 'Someone else saved this after you opened it, so your changes were not saved.',
      details: { updated_at: 'Your changes are still here. Save anyway to replace …' },
    });

  it('names the version it opened; a 409 keeps the form and offers Save anyway', async () => {
    let refuse = true;
    const calls = stubModelApi(({ method }) =>
      method === 'PUT' ? (refuse ? conflict() : json(200, { data: article })) : undefined,
    );
    const onSaved = vi.fn();
    renderAdmin(
      <ArticleFormModal
        mode={{ kind: 'edit', article, draft: draftFromArticle(article) }}
        categories={[]}
        onClose={vi.fn()}
        onSaved={onSaved}
      />,
    );
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'My title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your changes are still here.');
    expect(saves(calls)[0]!.body).toMatchObject({
      title: 'My title',
      updated_at: '2025-03-01T10:00:00.000Z',
    });
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('My title');

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saves(calls)[1]!.body).toMatchObject({ title: 'My title' });
    expect(saves(calls)[1]!.body).not.toHaveProperty('updated_at');
  });

  it('names what the colleague unpublished, and Save anyway sends only what she changed', async () => {
    const live = anArticle({
      published: true,
      published_at: '2025-03-01T09:00:00.000Z',
      languages: ['en', 'de'],
      translations: {
        de: {
          title: 'Schweißzelle',
          excerpt: 'Kurz',
          content: 'Text',
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
    });
    let refuse = true;
    const calls = stubModelApi(({ method }) =>
      method !== 'PUT'
        ? undefined
        : refuse
          ? json(409, {
              error: 'Someone else saved this after you opened it.',
              details: { updated_at: 'Your changes are still here.' },
              current: {
                published: false,
                published_at: null,
                translations: { de: { published: false } },
              },
            })
          : json(200, { data: live }),
    );
    const onSaved = vi.fn();
    renderAdmin(
      <ArticleFormModal
        mode={{ kind: 'edit', article: live, draft: draftFromArticle(live) }}
        categories={[]}
        onClose={vi.fn()}
        onSaved={onSaved}
      />,
    );
    fireEvent.change(screen.getByLabelText(/^Content/), { target: { value: 'New body' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Meanwhile it was taken off the site: it is a draft now.');
    expect(alert.textContent).toContain('Meanwhile the German version was unpublished.');
    expect(saves(calls)[0]!.body).toMatchObject({ published: true, translations: { de: {} } });

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(saves(calls)[1]!.body).toEqual({ content: 'New body' });
  });
});

describe('ArticleFormModal while the model translates', () => {
  it('keeps the language being drafted read-only until its draft arrives', async () => {
    const answer = held<Response>();
    stubModelApi(({ url }) => (url === '/api/llm/translate-news' ? answer.promise : undefined));
    open({
      kind: 'create',
      draft: { ...emptyDraft, title: 'Laser cell', excerpt: 'E', content: 'C', slug: 'laser-cell' },
      translate: ['de'],
    });
    fireEvent.click(screen.getByRole('tab', { name: /Deutsch|German/ }));
    const title = screen.getByLabelText(/^Title/) as HTMLInputElement;
    expect(title.readOnly).toBe(true);
    expect(screen.getByRole('status').textContent).toContain(
      'The AI is translating this language.',
    );

    answer.release(
      json(200, {
        data: { translations: { de: { title: 'Laserzelle', excerpt: 'E', content: 'C' } } },
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Laserzelle'),
    );
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).readOnly).toBe(false);
  });
});

describe('ArticleFormModal refusing a save', () => {
  it('takes the reader to the first field that needs attention', () => {
    stubModelApi();
    open({ kind: 'create', draft: emptyDraft });
    // A click leaves focus on the button, as in a browser.
    const create = screen.getByRole('button', { name: 'Create Article' });
    create.focus();
    fireEvent.click(create);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Title/));
  });

  it('opens the language whose text is missing, then its field, and no tab later takes focus', async () => {
    stubModelApi();
    open({
      kind: 'create',
      draft: {
        ...emptyDraft,
        title: 'Laser cell',
        excerpt: 'E',
        content: 'C',
        category: 'Technology',
        slug: 'laser-cell',
        translations: { de: { title: '', excerpt: 'Kurz', content: 'Text' } },
      },
    });
    const create = screen.getByRole('button', { name: 'Create Article' });
    create.focus();
    fireEvent.click(create);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Deutsch/ }).getAttribute('aria-selected')).toBe(
        'true',
      ),
    );
    const title = screen.getByLabelText(/^Title/);
    await waitFor(() => expect(document.activeElement).toBe(title));

    const english = screen.getByRole('tab', { name: /English/ });
    english.focus();
    fireEvent.click(english);
    expect(english.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(english);
  });
});

describe('ArticleFormModal restoring a revision', () => {
  const revision = (id: number, title: string): Revision => ({
    id,
    news_id: article.id,
    language: 'en',
    title,
    excerpt: 'Short summary',
    content: 'Body',
    image_alt: null,
    created_at: '2025-03-01T10:00:00.000Z',
    user: { id: 1, username: 'editor' },
    changes: [],
  });
  const restores = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

  function openHistory() {
    const calls = stubModelApi(({ method, url }) =>
      url === `/api/news/${article.id}/revisions`
        ? json(200, { data: [revision(2, 'Welding cell'), revision(1, 'Old title')] })
        : method === 'POST'
          ? json(200, { data: article })
          : undefined,
    );
    const onSaved = vi.fn();
    renderAdmin(
      <ArticleFormModal
        mode={{ kind: 'edit', article, draft: draftFromArticle(article) }}
        categories={[]}
        onClose={vi.fn()}
        onSaved={onSaved}
      />,
    );
    return { calls, onSaved };
  }

  it('asks before a restore throws unsaved changes away; Keep editing keeps them', async () => {
    const { calls, onSaved } = openHistory();
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Unsaved title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Revisions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore this version' }));
    expect(confirmation()?.textContent).toContain(
      'This article has unsaved changes. Discard them?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(confirmation()).toBeNull();
    expect(restores(calls)).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Unsaved title');

    fireEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(restores(calls).map((c) => c.url)).toEqual([
      `/api/news/${article.id}/revisions/1/restore`,
    ]);
  });

  it('restores at once when nothing was changed', async () => {
    const { calls, onSaved } = openHistory();
    fireEvent.click(screen.getByRole('button', { name: 'Revisions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore this version' }));
    expect(confirmation()).toBeNull();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(restores(calls)).toHaveLength(1);
  });
});

describe('ArticleFormModal while a translation is on its way', () => {
  const revision = (id: number, title: string): Revision => ({
    id,
    news_id: article.id,
    language: 'en',
    title,
    excerpt: 'Short summary',
    content: 'Body',
    image_alt: null,
    created_at: '2025-03-01T10:00:00.000Z',
    user: { id: 1, username: 'editor' },
    changes: [],
  });

  /**
   * The form on `article`, its history listed, each translate-news call held
   * until `answer` is released with how the model answers (each call its own).
   */
  function openTranslating() {
    const answer = held<(to: Language, body: ApiCall['body']) => Response>();
    const calls = stubModelApi(({ method, url, body }) =>
      url === '/api/llm/translate-news'
        ? answer.promise.then((reply) => reply((body?.to as Language[])[0]!, body))
        : url === `/api/news/${article.id}/revisions`
          ? json(200, { data: [revision(2, 'Welding cell'), revision(1, 'Old title')] })
          : method === 'POST'
            ? json(200, { data: article })
            : undefined,
    );
    const onSaved = vi.fn();
    renderAdmin(
      <ArticleFormModal
        mode={{ kind: 'edit', article, draft: draftFromArticle(article) }}
        categories={[]}
        onClose={vi.fn()}
        onSaved={onSaved}
      />,
    );
    return { answer, calls, onSaved };
  }
  const restores = (calls: ApiCall[]) => calls.filter((c) => c.url.endsWith('/restore'));
  const sourceSelect = () => screen.getByLabelText('Source language') as HTMLSelectElement;
  const tab = (name: RegExp) => screen.getByRole('tab', { name });

  it('holds the source language until the drafts are in, saying why', async () => {
    const { answer } = openTranslating();
    expect(sourceSelect().disabled).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Translate with AI (PT, DE)' }));

    expect(sourceSelect().disabled).toBe(true);
    const why = screen.getByText(
      'Translating – you can change the source language once the drafts are in.',
    );
    expect(sourceSelect().getAttribute('aria-describedby')).toBe(why.id);

    answer.release(translated);
    await waitFor(() => expect(sourceSelect().disabled).toBe(false));
    expect(tab(/^Deutsch/).textContent).toContain('Draft');
    expect(tab(/^Português/).textContent).toContain('Draft');
    expect(sourceSelect().hasAttribute('aria-describedby')).toBe(false);
    expect(
      screen.queryByText(
        'Translating – you can change the source language once the drafts are in.',
      ),
    ).toBeNull();
  });

  it('holds restoring a revision until the drafts are in, and again after a failure', async () => {
    const { answer, calls, onSaved } = openTranslating();
    fireEvent.click(await screen.findByRole('button', { name: 'Translate with AI (PT, DE)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revisions' }));

    const restore = await screen.findByRole('button', { name: 'Restore this version' });
    expect(restore.getAttribute('aria-disabled')).toBe('true');
    const why = screen.getByText('Translating – you can restore a version once the drafts are in.');
    expect(restore.getAttribute('aria-describedby')).toBe(why.id);
    fireEvent.click(restore);
    expect(confirmation()).toBeNull();
    expect(restores(calls)).toEqual([]);

    answer.release(() => json(502, { error: 'The AI service did not answer' }));
    await waitFor(() => expect(restore.hasAttribute('aria-disabled')).toBe(false));
    expect(screen.queryByText(why.textContent!)).toBeNull();
    fireEvent.click(restore);
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(restores(calls).map((c) => c.url)).toEqual([
      `/api/news/${article.id}/revisions/1/restore`,
    ]);
  });
});
