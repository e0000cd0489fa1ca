import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Article } from '#shared/news';
import { ArticleListQuerySchema } from '#shared/news-list';
import { pageCount } from '#shared/pagination';
import { useListQuery } from '../../../hooks/useListQuery';
import { useDemoContent } from '../api/demo.queries';
import { NEWS_ADMIN_PAGE_SIZE, useAdminNewsQuery } from '../api/news.queries';
import { useArticleDialogs } from '../hooks/useArticleDialogs';
import { useCategorySuggestions } from '../hooks/useCategorySuggestions';
import { useNewsActions } from '../hooks/useNewsActions';
import { draftFromArticle } from '../lib/article-draft';
import { isFiltered } from '../lib/article-list-filters';
import { AddNewsMenu } from './AddNewsMenu';
import { DemoNotice } from './DemoNotice';
import { NewsFilters } from './NewsFilters';
import { useArticleViews } from '../../analytics/api/analytics.queries';
import { NewsList } from './NewsList';

type Props = {
  /** The role may read articles but not change them (sales): no buttons that would be refused. */
  readOnly?: boolean;
  /** Each article shows its views of the last 30 days (a role that reads the analytics). */
  views?: boolean;
};

const noArticles: Article[] = [];

/**
 * The News tab: a page of the articles at a time, searched and filtered by
 * the server (kept in the address), and the create/edit/AI/delete dialogs.
 */
export function NewsManager({ readOnly = false, views = false }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useListQuery(ArticleListQuerySchema);
  const list = useAdminNewsQuery({ ...query, ids: undefined, per_page: NEWS_ADMIN_PAGE_SIZE });
  const articles = list.isError ? noArticles : (list.data?.items ?? noArticles);
  const total = list.data?.total ?? 0;
  const page = query.page ?? 1;
  const pages = pageCount(total, NEWS_ADMIN_PAGE_SIZE);
  const categories = useCategorySuggestions(articles);
  // A page that no longer exists (articles deleted meanwhile): the last one instead.
  const beyond = list.isSuccess && !list.isPlaceholderData && total > 0 && page > pages;
  useEffect(() => {
    if (beyond) setQuery({ page: pages }, { replace: true });
  }, [beyond, pages, setQuery]);
  const { pendingId, togglePublished, remove, removing } = useNewsActions();
  const { addMenu, edit, askDelete, dialogs } = useArticleDialogs<Article>({
    draftOf: draftFromArticle,
    categories,
    confirmDelete: () => t('admin.news.confirmDelete'),
    deleteLabel: t('admin.news.delete'),
    remove,
    removing,
  });
  const demo = useDemoContent().data?.articles ?? [];
  const demoIds = new Set(demo.map((article) => article.id));
  const viewsById = useArticleViews({ enabled: views });

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
        {!readOnly && <AddNewsMenu {...addMenu} />}
      </div>
      <DemoNotice demo={demo} readOnly={readOnly} />
      <NewsFilters query={query} onChange={setQuery} categories={categories} />
      <NewsList
        articles={articles}
        total={total}
        searched={query.q !== undefined}
        page={page}
        pages={pages}
        onPage={(p) => setQuery({ page: p })}
        filtered={isFiltered(query)}
        loading={list.isPending || beyond}
        busy={list.isPlaceholderData}
        demoIds={demoIds}
        views={viewsById}
        pendingId={pendingId}
        readOnly={readOnly}
        onEdit={edit}
        onToggle={togglePublished}
        onDelete={askDelete}
      />
      {dialogs}
    </section>
  );
}
