import { Suspense, lazy, useRef, useState } from 'react';
import type { AdminPage } from '#shared/pages';
import type { Article } from '#shared/news';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useLlmStatus } from '../api/llm.queries';
import { AiGenerateModal } from '../components/AiGenerateModal';
import { draftFromGenerated, emptyDraft, type ArticleDraft } from '../lib/article-draft';
import type { FormMode } from './useArticleForm';

// The form carries the markdown renderer: fetched only when a form first opens.
const ArticleFormModal = lazy(() =>
  import('../components/ArticleFormModal').then((m) => ({ default: m.ArticleFormModal })),
);

type Options<T extends Article | AdminPage> = {
  /** The form's draft of an article or page opened to edit. */
  draftOf: (item: T) => ArticleDraft;
  /** What the form suggests for the category (none for pages). */
  categories: string[];
  /** A generated draft as the form opens with it (a page has no category). */
  generated?: (draft: ArticleDraft) => ArticleDraft;
  /** The question asked before one is deleted. */
  confirmDelete: (item: T) => string;
  /** The delete label of the question's button. */
  deleteLabel: string;
  /** Deletes, then calls `onDeleted` (which closes the question); on failure it stays open. */
  remove: (item: T, onDeleted: () => void) => void;
  removing: boolean;
};

/**
 * The dialogs of the News and Pages tabs: the article form (empty, from a
 * generated draft, or to edit one), the AI generator, and the question
 * before a delete. `addMenu` goes to the tab's AddNewsMenu, `edit` and
 * `askDelete` to its rows, `dialogs` at the end of the tab. Each dialog
 * gives focus back to what opened it (Add News, or the row's button).
 */
export function useArticleDialogs<T extends Article | AdminPage>({
  draftOf,
  categories,
  generated = (draft) => draft,
  confirmDelete,
  deleteLabel,
  remove,
  removing,
}: Options<T>) {
  const llm = useLlmStatus();
  const addButton = useRef<HTMLButtonElement>(null);
  const editTrigger = useRef<HTMLElement | null>(null);
  const [form, setForm] = useState<FormMode | null>(null);
  const [aiOpen, setAiOpen] = useState(false);
  const [toDelete, setToDelete] = useState<T | null>(null);

  const addMenu = {
    llm,
    triggerRef: addButton,
    onManual: () => setForm({ kind: 'create', draft: emptyDraft }),
    onAi: () => setAiOpen(true),
  };
  const edit = (item: T, trigger: HTMLElement) => {
    editTrigger.current = trigger;
    setForm({ kind: 'edit', article: item, draft: draftOf(item) });
  };

  const dialogs = (
    <>
      {form && (
        <Suspense fallback={null}>
          <ArticleFormModal
            key={form.kind === 'edit' ? form.article.id : 'new'}
            mode={form}
            categories={categories}
            returnFocusTo={form.kind === 'edit' ? editTrigger : addButton}
            onClose={() => setForm(null)}
            onSaved={() => setForm(null)}
          />
        </Suspense>
      )}
      {aiOpen && (
        <AiGenerateModal
          returnFocusTo={addButton}
          onClose={() => setAiOpen(false)}
          onGenerated={(article, language, translate) => {
            setAiOpen(false);
            const draft = generated(draftFromGenerated(article, language));
            setForm({ kind: 'create', draft, translate });
          }}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          message={confirmDelete(toDelete)}
          confirmLabel={deleteLabel}
          busy={removing}
          onCancel={() => setToDelete(null)}
          onConfirm={() => remove(toDelete, () => setToDelete(null))}
        />
      )}
    </>
  );

  return { addMenu, edit, askDelete: setToDelete, dialogs };
}
