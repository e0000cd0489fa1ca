import { ArrowDown, ArrowUp, Eye, EyeOff, GripVertical, Pencil, Trash2 } from 'lucide-react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLanguage } from '#shared/languages';
import type { AdminPage } from '#shared/pages';
import { publicationStatus } from '#shared/publication';
import { formatDateTime } from '#shared/date-time';
import { RowAction } from '../../../components/RowAction';
import { button } from '../../../lib/ui';
import { LanguageChips } from './LanguageChips';
import { ViewOnSite } from './ViewOnSite';

const STATUS_LOOK = {
  published: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-sky-100 text-sky-900',
  draft: 'bg-amber-100 text-amber-900',
};

type Props = {
  page: AdminPage;
  /** Its place in its menu (1-based) and the menu's length. */
  place: number;
  count: number;
  pending: boolean;
  onEdit: (trigger: HTMLElement) => void;
  onToggle: () => void;
  onDelete: () => void;
  /** Moves the page to another place in its menu (0-based). */
  onMove: (to: number) => void;
  drag: {
    onDragStart: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
    onDragEnd: () => void;
    dragging: boolean;
  };
};

/**
 * One page of the Pages tab: its title, address, state and languages, and
 * what can be done with it; in a menu, a handle to drag it and buttons to
 * move it up or down (the same, from the keyboard).
 */
export function PageRow(props: Props) {
  const { page, place, count, pending, onEdit, onToggle, onDelete, onMove, drag } = props;
  const { t, i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  const status = publicationStatus(page);
  const name = <span className="sr-only">: {page.title}</span>;
  const movable = page.nav !== 'none' && count > 1;
  return (
    <li
      className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-start ${drag.dragging ? 'opacity-50' : ''}`}
      data-testid="page-row"
      draggable={movable}
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
    >
      {movable && (
        <span
          className="hidden cursor-grab self-center text-slate-400 sm:block"
          title={t('admin.pages.dragHint')}
        >
          <GripVertical aria-hidden="true" className="h-5 w-5" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_LOOK[status]}`}
          >
            {status === 'scheduled'
              ? t('admin.schedule.scheduledFor', {
                  date: formatDateTime(page.published_at, language),
                })
              : status === 'published'
                ? t('admin.news.published')
                : t('admin.news.draft')}
          </span>
          <LanguageChips article={page} />
        </div>
        <h4 className="mt-1.5 text-base font-semibold text-slate-900">{page.title}</h4>
        <p className="mt-1 truncate font-mono text-xs text-slate-500">/{page.slug}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-start gap-1">
        {movable && (
          <>
            <RowAction
              id={`page-${page.id}-up`}
              pending={pending || place === 1}
              className={button.ghost}
              onClick={() => onMove(place - 2)}
            >
              <ArrowUp aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">
                {t('admin.pages.moveUp')}: {page.title}
              </span>
            </RowAction>
            <RowAction
              id={`page-${page.id}-down`}
              pending={pending || place === count}
              className={button.ghost}
              onClick={() => onMove(place)}
            >
              <ArrowDown aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">
                {t('admin.pages.moveDown')}: {page.title}
              </span>
            </RowAction>
          </>
        )}
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
          {page.published ? (
            <EyeOff aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Eye aria-hidden="true" className="h-4 w-4" />
          )}
          {page.published ? t('admin.news.unpublish') : t('admin.news.publish')}
          {name}
        </RowAction>
        <ViewOnSite
          doc={page}
          language={page.languages.includes(language) ? language : page.source_language}
        />
        <RowAction pending={pending} className={button.ghostDanger} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('admin.news.delete')}
          {name}
        </RowAction>
      </div>
    </li>
  );
}
