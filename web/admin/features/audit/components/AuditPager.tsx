import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { button } from '../../../lib/ui';

type Props = { page: number; pages: number; total: number; onPage: (page: number) => void };

/**
 * Previous / next through the pages. A button at the end of the range is
 * aria-disabled rather than disabled, so the focus stays on it.
 */
export function AuditPager({ page, pages, total, onPage }: Props) {
  const { t } = useTranslation();
  const go = (target: number) => {
    if (target >= 1 && target <= pages && target !== page) onPage(target);
  };
  return (
    <nav
      aria-label={t('admin.audit.pagination')}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-slate-600">
        {t('admin.audit.pageOf', {
          page: Math.min(page, Math.max(pages, 1)),
          pages: Math.max(pages, 1),
        })}
        {' · '}
        {t('admin.audit.total', { count: total })}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={button.secondary}
          aria-disabled={page <= 1 || undefined}
          onClick={() => go(page - 1)}
        >
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {t('admin.audit.previous')}
        </button>
        <button
          type="button"
          className={button.secondary}
          aria-disabled={page >= pages || undefined}
          onClick={() => go(page + 1)}
        >
          {t('admin.audit.next')}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </nav>
  );
}
