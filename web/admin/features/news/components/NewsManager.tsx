import { Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article } from '#shared/news';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDemoContent } from '../api/demo.queries';
import { useLlmStatus } from '../api/llm.queries';
import { useArticleFilters } from '../hooks/useArticleFilters';
import type { FormMode } from '../hooks/useArticleForm';
import { useCategorySuggestions } from '../hooks/useCategorySuggestions';
import { useNewsActions } from '../hooks/useNewsActions';
import { draftFromArticle, draftFromGenerated, emptyDraft } from '../lib/article-draft';
import { AddNewsMenu } from './AddNewsMenu';
import { AiGenerateModal } from './AiGenerateModal';
import { DemoNotice } from './DemoNotice';
import { NewsFilters } from './NewsFilters';
import { NewsList } from './NewsList';

// The form carries the markdown renderer: fetched only when a form first opens.
const ArticleFormModal = lazy(() =>
  import('./ArticleFormModal').then((m) => ({ default: m.ArticleFormModal })),
);

type Props = {
  articles: Article[];
  /** The role may read articles but not change them (sales): no buttons that would be refused. */
  readOnly?: boolean;
};

/** The News tab: list, filters, and the create/edit/AI/delete dialogs. */
export function NewsManager({ articles, readOnly = false }: Props) {
  const { t } = useTranslation();
  const llm = useLlmStatus();
  const categories = useCategorySuggestions(articles);
  const filters = useArticleFilters(articles);
  const { pendingId, togglePublished, remove, removing } = useNewsActions();
  const addButton = useRef<HTMLButtonElement>(null);
  const editTrigger = useRef<HTMLElement | null>(null);
  const [form, setForm] = useState<FormMode | null>(null);
  const [aiOpen, setAiOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Article | null>(null);
  const demo = useDemoContent().data?.articles ?? [];
  const demoIds = new Set(demo.map((article) => article.id));

  return (
    <section aria-labelledby="news-title" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="news-title"
          tabIndex={-1}
          data-focus-fallback
          className="text-lg font-semibold text-slate-900"
        >
          {t('admin.news.title')}
        </h2>
        {!readOnly && (
          <AddNewsMenu
            llm={llm}
            triggerRef={addButton}
            onManual={() => setForm({ kind: 'create', draft: emptyDraft })}
            onAi={() => setAiOpen(true)}
          />
        )}
      </div>
      <DemoNotice demo={demo} readOnly={readOnly} />
      <NewsFilters
        query={filters.query}
        onQuery={filters.setQuery}
        status={filters.status}
        onStatus={filters.setStatus}
        languages={filters.languages}
        onLanguages={filters.setLanguages}
      />
      <NewsList
        articles={filters.visible}
        total={articles.length}
        demoIds={demoIds}
        pendingId={pendingId}
        readOnly={readOnly}
        onEdit={(article, trigger) => {
          editTrigger.current = trigger;
          setForm({ kind: 'edit', article, draft: draftFromArticle(article) });
        }}
        onToggle={togglePublished}
        onDelete={setToDelete}
      />
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
          onGenerated={(generated, language, translate) => {
            setAiOpen(false);
            setForm({ kind: 'create', draft: draftFromGenerated(generated, language), translate });
          }}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          message={t('admin.news.confirmDelete')}
          confirmLabel={t('admin.news.delete')}
          busy={removing}
          onCancel={() => setToDelete(null)}
          onConfirm={() => remove(toDelete, () => setToDelete(null))}
        />
      )}
    </section>
  );
}
