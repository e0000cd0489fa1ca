import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { button } from '../lib/ui';

type Props = {
  page: number;
  pages: number;
  /** The navigation's accessible name ("Enquiry pages"). */
  label: string;
  /** The whole list's size in words ("1,204 enquiries"). */
  total: string;
  onPage: (page: number) => void;
};

/**
 * Previous / next through a list's pages, with where one is and the list's
 * size. A button at the end of the range is aria-disabled rather than
 * disabled, so the focus stays on it.
 */
export function ListPager({ page, pages, label, total, onPage }: Props) {
  const { t } = useTranslation();
  const last = Math.max(pages, 1);
  const go = (target: number) => {
    if (target >= 1 && target <= last && target !== page) onPage(target);
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">
        {t('admin.list.pageOf', { page: Math.min(page, last), pages: last })}
        {' · '}
        {total}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={button.secondary}
          aria-disabled={page <= 1 || undefined}
          onClick={() => go(page - 1)}
        >
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {t('admin.list.previous')}
        </button>
        <button
          type="button"
          className={button.secondary}
          aria-disabled={page >= last || undefined}
          onClick={() => go(page + 1)}
        >
          {t('admin.list.next')}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </nav>
  );
}
