import { useTranslation } from 'react-i18next';
import type { Article } from '#shared/news';
import { ListPager } from '../../../components/ListPager';
import { useListCount } from '../../../hooks/useListCount';
import { card } from '../../../lib/ui';
import { NewsRow } from './NewsRow';

type Props = {
  articles: Article[];
  /** Articles in the whole list (every page). */
  total: number;
  /** The list is a search (whose matches the server bounds, see useListCount). */
  searched?: boolean;
  /** Articles that are demo content of the first start. */
  demoIds?: ReadonlySet<number>;
  /** Each article's views of the last 30 days, when the role reads the analytics. */
  views?: ReadonlyMap<number, number> | null;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The list is narrowed by a search or filter (an empty one then says nothing matches). */
  filtered: boolean;
  /** The first page is still on its way. */
  loading: boolean;
  /** Another page, filter or search is on its way: the last one stays meanwhile. */
  busy: boolean;
  pendingId: number | null;
  /** No actions on the rows (a role that may only read). */
  readOnly?: boolean;
  onEdit: (article: Article, trigger: HTMLElement) => void;
  onToggle: (article: Article) => void;
  onDelete: (article: Article) => void;
};

/** One page of the articles with their count and the pages around it. */
export function NewsList(props: Props) {
  const { t } = useTranslation();
  const count = useListCount();
  const { articles, total, page, pages, pendingId, readOnly = false } = props;
  if (articles.length === 0) {
    return (
      <p className={`${card} px-6 py-10 text-center text-sm text-slate-600`}>
        {props.loading
          ? t('admin.common.loadingList')
          : props.filtered
            ? t('admin.news.noMatch')
            : t('admin.news.empty')}
      </p>
    );
  }
  return (
    <div className="space-y-3" aria-busy={props.busy || undefined}>
      <p className="text-sm text-slate-600" aria-live="polite">
        {count('admin.news.count', total, props.searched ?? false)}
      </p>
      <ul className={`${card} divide-y divide-slate-200`}>
        {articles.map((article) => (
          <NewsRow
            key={article.id}
            article={article}
            demo={props.demoIds?.has(article.id) ?? false}
            views={props.views ? (props.views.get(article.id) ?? 0) : undefined}
            pending={pendingId === article.id}
            readOnly={readOnly}
            onEdit={(trigger) => props.onEdit(article, trigger)}
            onToggle={() => pendingId === null && props.onToggle(article)}
            onDelete={() => props.onDelete(article)}
          />
        ))}
      </ul>
      {pages > 1 && (
        <ListPager
          page={page}
          pages={pages}
          label={t('admin.news.pagination')}
          total={count('admin.news.count', total, props.searched ?? false)}
          onPage={props.onPage}
        />
      )}
    </div>
  );
}
