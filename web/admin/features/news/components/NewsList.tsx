import { useTranslation } from 'react-i18next';
import type { Article } from '#shared/news';
import { card } from '../../../lib/ui';
import { NewsRow } from './NewsRow';

type Props = {
  articles: Article[];
  total: number;
  /** Articles that are demo content of the first start. */
  demoIds?: ReadonlySet<number>;
  pendingId: number | null;
  readOnly?: boolean;
  onEdit: (article: Article, trigger: HTMLElement) => void;
  onToggle: (article: Article) => void;
  onDelete: (article: Article) => void;
};

export function NewsList({
  articles,
  total,
  demoIds,
  pendingId,
  readOnly = false,
  onEdit,
  onToggle,
  onDelete,
}: Props) {
  const { t } = useTranslation();
  if (articles.length === 0) {
    return (
      <p className={`${card} px-6 py-10 text-center text-sm text-slate-600`}>
        {total === 0 ? t('admin.news.empty') : t('admin.news.noMatch')}
      </p>
    );
  }
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {t('admin.news.showing', { shown: articles.length, total })}
      </p>
      <ul className={`${card} divide-y divide-slate-200`}>
        {articles.map((article) => (
          <NewsRow
            key={article.id}
            article={article}
            demo={demoIds?.has(article.id) ?? false}
            pending={pendingId === article.id}
            readOnly={readOnly}
            onEdit={(trigger) => onEdit(article, trigger)}
            onToggle={() => pendingId === null && onToggle(article)}
            onDelete={() => onDelete(article)}
          />
        ))}
      </ul>
    </div>
  );
}
