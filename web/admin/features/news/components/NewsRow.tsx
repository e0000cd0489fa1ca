import { CalendarX, Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { categoryLabel } from '#shared/categories';
import { formatDateTime } from '#shared/date-time';
import { articleDate, formatDate } from '#shared/dates';
import { pickLanguage } from '#shared/languages';
import type { Article } from '#shared/news';
import { publicationStatus } from '#shared/publication';
import { NewsImage } from '../../../../common/article/NewsImage';
import { RowAction } from '../../../components/RowAction';
import { button } from '../../../lib/ui';
import { LanguageChips } from './LanguageChips';
import { ViewOnSite } from './ViewOnSite';

type Props = {
  article: Article;
  /** Demo content of the first start (marked, to be removed). */
  demo?: boolean;
  /** Its views of the last 30 days (analytics), when the role may read them. */
  views?: number;
  pending: boolean;
  /** No actions: the role may only read. */
  readOnly?: boolean;
  onEdit: (trigger: HTMLElement) => void;
  onToggle: () => void;
  onDelete: () => void;
};

const STATUS_LOOK = {
  published: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-sky-100 text-sky-900',
  draft: 'bg-amber-100 text-amber-900',
};

/** One article of the News tab: what it is, its state, and what can be done with it. */
export function NewsRow({
  article,
  demo = false,
  views,
  pending,
  readOnly = false,
  onEdit,
  onToggle,
  onDelete,
}: Props) {
  const { t, i18n } = useTranslation();
  const status = publicationStatus(article);
  const shown = pickLanguage(i18n.language);
  const name = <span className="sr-only">: {article.title}</span>;
  return (
    <li className="flex flex-col gap-4 p-4 sm:flex-row sm:p-5" data-testid="news-row">
      <div className="hidden h-20 w-28 shrink-0 overflow-hidden rounded-md bg-slate-100 sm:block">
        <NewsImage src={article.image_url} loading="lazy" className="h-full w-full object-cover" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_LOOK[status]}`}
          >
            {status === 'scheduled'
              ? t('admin.schedule.scheduledFor', {
                  date: formatDateTime(article.published_at, pickLanguage(i18n.language)),
                })
              : status === 'published'
                ? t('admin.news.published')
                : t('admin.news.draft')}
          </span>
          {demo && (
            <span className="rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              {t('admin.demo.badge')}
            </span>
          )}
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
            <span className="sr-only">{t('admin.news.category')}: </span>
            {categoryLabel(article.category, t)}
          </span>
          <span className="text-xs text-slate-600">
            <span className="sr-only">{t('admin.news.date')}: </span>
            {formatDate(articleDate(article))}
          </span>
          {views !== undefined && (
            <span className="text-xs text-slate-600" data-testid="news-views">
              {t('admin.analytics.newsViews', { count: views })}
            </span>
          )}
          <LanguageChips article={article} />
        </div>
        <h3 className="mt-1.5 text-base font-semibold text-slate-900">{article.title}</h3>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{article.excerpt}</p>
        <p className="mt-1 truncate font-mono text-xs text-slate-500">/{article.slug}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-start gap-1 sm:flex-col sm:items-stretch lg:flex-row lg:items-start">
        {!readOnly && (
          <>
            <RowAction
              pending={pending}
              className={button.ghost}
              onClick={(e) => onEdit(e.currentTarget)}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {t('admin.news.edit')}
              {name}
            </RowAction>
            <RowAction pending={pending} className={button.ghost} onClick={onToggle}>
              {status === 'scheduled' ? (
                <CalendarX aria-hidden="true" className="h-4 w-4" />
              ) : article.published ? (
                <EyeOff aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Eye aria-hidden="true" className="h-4 w-4" />
              )}
              {status === 'scheduled'
                ? t('admin.schedule.unschedule')
                : article.published
                  ? t('admin.news.unpublish')
                  : t('admin.news.publish')}
              {name}
            </RowAction>
          </>
        )}
        <ViewOnSite
          doc={article}
          language={article.languages.includes(shown) ? shown : article.source_language}
        />
        {!readOnly && (
          <RowAction pending={pending} className={button.ghostDanger} onClick={onDelete}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t('admin.news.delete')}
            {name}
          </RowAction>
        )}
      </div>
    </li>
  );
}
