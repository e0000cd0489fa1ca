import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_NAVS, type AdminPage } from '#shared/pages';
import { useArticleDialogs } from '../hooks/useArticleDialogs';
import { usePageActions } from '../hooks/usePageActions';
import { draftFromPage } from '../lib/article-draft';
import { DocumentKindProvider } from '../lib/document-kind';
import { groupPages, movePage, orderOf } from '../lib/page-order';
import { AddNewsMenu } from './AddNewsMenu';
import { PageMenuList } from './PageMenuList';

const noCategories: string[] = [];

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
  const actions = usePageActions();
  const { addMenu, edit, askDelete, dialogs } = useArticleDialogs<AdminPage>({
    draftOf: draftFromPage,
    categories: noCategories,
    generated: (draft) => ({ ...draft, category: '' }),
    confirmDelete: (page) => t('admin.pages.confirmDelete', { title: page.title }),
    deleteLabel: t('admin.news.delete'),
    remove: actions.remove,
    removing: actions.removing,
  });
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
          <AddNewsMenu {...addMenu} />
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
              onEdit={edit}
              onToggle={actions.togglePublished}
              onDelete={askDelete}
              onMove={move}
            />
          ))
        )}
        {dialogs}
      </section>
    </DocumentKindProvider>
  );
}
