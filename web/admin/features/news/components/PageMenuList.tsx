import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPage, PageNav } from '#shared/pages';
import { card } from '../../../lib/ui';
import { PageRow } from './PageRow';

type Props = {
  nav: PageNav;
  pages: AdminPage[];
  pendingId: number | null;
  onEdit: (page: AdminPage, trigger: HTMLElement) => void;
  onToggle: (page: AdminPage) => void;
  onDelete: (page: AdminPage) => void;
  /** Moves a page to index `to` of this menu. */
  onMove: (page: AdminPage, to: number) => void;
};

/**
 * The pages of one menu (header, footer) in their order, or those in no
 * menu: dragged by their handle, or moved with their up and down buttons.
 */
export function PageMenuList({ nav, pages, pendingId, onEdit, onToggle, onDelete, onMove }: Props) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const headingId = `pages-${nav}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-800">
          {t(`admin.pages.menus.${nav}`)}
        </h3>
        <p className="text-sm text-slate-600">{t(`admin.pages.menuHints.${nav}`)}</p>
      </div>
      {pages.length === 0 ? (
        <p className={`${card} px-4 py-4 text-sm text-slate-600`}>{t('admin.pages.menuEmpty')}</p>
      ) : (
        <ol className={`${card} divide-y divide-slate-200`}>
          {pages.map((page, index) => {
            const drag = {
              dragging: dragged === page.id,
              onDragStart: (event: DragEvent) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(page.id));
                setDragged(page.id);
              },
              onDragOver: (event: DragEvent) => {
                if (dragged === null || !pages.some((p) => p.id === dragged)) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
              },
              onDrop: (event: DragEvent) => {
                event.preventDefault();
                const moved = pages.find((p) => p.id === dragged);
                setDragged(null);
                if (moved && moved.id !== page.id) onMove(moved, index);
              },
              onDragEnd: () => setDragged(null),
            };
            return (
              <PageRow
                key={page.id}
                page={page}
                place={index + 1}
                count={pages.length}
                pending={pendingId === page.id}
                onEdit={(trigger) => onEdit(page, trigger)}
                onToggle={() => pendingId === null && onToggle(page)}
                onDelete={() => onDelete(page)}
                onMove={(to) => onMove(page, to)}
                drag={drag}
              />
            );
          })}
        </ol>
      )}
    </section>
  );
}
