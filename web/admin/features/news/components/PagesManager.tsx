import { Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_NAVS, type AdminPage } from '#shared/pages';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useLlmStatus } from '../api/llm.queries';
import type { FormMode } from '../hooks/useArticleForm';
import { usePageActions } from '../hooks/usePageActions';
import { draftFromGenerated, draftFromPage, emptyDraft } from '../lib/article-draft';
import { DocumentKindProvider } from '../lib/document-kind';
import { groupPages, movePage, orderOf } from '../lib/page-order';
import { AddNewsMenu } from './AddNewsMenu';
import { AiGenerateModal } from './AiGenerateModal';
import { PageMenuList } from './PageMenuList';

// The form carries the markdown renderer: fetched only when a form first opens.
const ArticleFormModal = lazy(() =>
  import('./ArticleFormModal').then((m) => ({ default: m.ArticleFormModal })),
);

/** Puts keyboard focus back on a move button once its row has moved. */
const refocus = (id: string) =>
  requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(id)?.focus()));

/**
 * The Pages tab: pages that are not news (About us, Careers, Imprint), by
 * menu (header, footer, none) in their order, with the article editor's
 * tools (the same form, for pages) and their own order and menu.
 */
export function PagesManager({ pages }: { pages: AdminPage[] }) {
  const { t } = useTranslation();
  const llm = useLlmStatus();
  const actions = usePageActions();
  const addButton = useRef<HTMLButtonElement>(null);
  const editTrigger = useRef<HTMLElement | null>(null);
  const [form, setForm] = useState<FormMode | null>(null);
  const [aiOpen, setAiOpen] = useState(false);
  const [toDelete, setToDelete] = useState<AdminPage | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const groups = groupPages(pages);

  const move = (page: AdminPage, to: number) => {
    const next = movePage(groups, page.id, to);
    if (!next) return;
    actions.saveOrder(orderOf(next));
    const place = next[page.nav].findIndex((p) => p.id === page.id) + 1;
    setAnnouncement(
      t('admin.pages.moved', {
        title: page.title,
        place,
        count: next[page.nav].length,
        menu: t(`admin.pages.menus.${page.nav}`),
      }),
    );
    const button = document.activeElement?.id;
    if (button?.startsWith(`page-${page.id}-`)) refocus(button);
  };

  return (
    <DocumentKindProvider value="page">
      <section aria-labelledby="pages-title" className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2
              id="pages-title"
              tabIndex={-1}
              data-focus-fallback
              className="text-lg font-semibold text-slate-900"
            >
              {t('admin.pages.title')}
            </h2>
            <p className="text-sm text-slate-600">{t('admin.pages.description')}</p>
          </div>
          <AddNewsMenu
            llm={llm}
            triggerRef={addButton}
            onManual={() => setForm({ kind: 'create', draft: emptyDraft })}
            onAi={() => setAiOpen(true)}
          />
        </div>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        {pages.length === 0 ? (
          <p className="text-sm text-slate-600">{t('admin.pages.empty')}</p>
        ) : (
          PAGE_NAVS.map((nav) => (
            <PageMenuList
              key={nav}
              nav={nav}
              pages={groups[nav]}
              pendingId={actions.pendingId}
              onEdit={(page, trigger) => {
                editTrigger.current = trigger;
                setForm({ kind: 'edit', article: page, draft: draftFromPage(page) });
              }}
              onToggle={actions.togglePublished}
              onDelete={setToDelete}
              onMove={move}
            />
          ))
        )}
        {form && (
          <Suspense fallback={null}>
            <ArticleFormModal
              key={form.kind === 'edit' ? form.article.id : 'new'}
              mode={form}
              categories={[]}
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
              const draft = { ...draftFromGenerated(generated, language), category: '' };
              setForm({ kind: 'create', draft, translate });
            }}
          />
        )}
        {toDelete && (
          <ConfirmDialog
            message={t('admin.pages.confirmDelete', { title: toDelete.title })}
            confirmLabel={t('admin.news.delete')}
            busy={actions.removing}
            onCancel={() => setToDelete(null)}
            onConfirm={() => actions.remove(toDelete, () => setToDelete(null))}
          />
        )}
      </section>
    </DocumentKindProvider>
  );
}
