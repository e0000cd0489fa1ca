import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageWindow } from '#shared/pagination';

// Narrower numbers below `sm`, so nine items (1 … 3 4 5 6 7 … 10) fit one row on a phone.
const base =
  'inline-flex h-10 min-w-9 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium transition sm:min-w-10 sm:px-3';
const idle = `${base} border border-steel-200 bg-white text-navy-800 hover:border-navy-400 hover:bg-navy-50`;
const current = `${base} bg-navy-900 text-white`;
const disabled = `${base} cursor-not-allowed border border-steel-200 text-steel-500 opacity-70`;

const href = (n: number) => (n === 1 ? '?' : `?page=${n}`);
const toTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

type StepProps = { to: number; enabled: boolean; rel: 'prev' | 'next'; children: ReactNode };

/**
 * Previous or Next: a link while there is a page to go to; on the first or
 * last page still there, as a disabled link (no `href`, `aria-disabled`).
 */
function Step({ to, enabled, rel, children }: StepProps) {
  const place = rel === 'prev' ? 'col-start-1 justify-self-start' : 'col-start-2 justify-self-end';
  const className = `${place} row-start-2 ${enabled ? idle : disabled}`;
  if (!enabled) {
    return (
      <a role="link" aria-disabled="true" className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href(to)} onClick={toTop} rel={rel} className={className}>
      {children}
    </Link>
  );
}

/**
 * Page links `?page=N` (real links, so they work without JavaScript): previous,
 * a window of up to five numbers with first/last shortcuts and ellipses, next.
 * On a phone the numbers keep one row and Previous/Next share the row below;
 * from `sm` all sit on one line. Hidden when there is a single page; scrolls
 * smoothly to the top on a change.
 */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;

  return (
    <nav
      aria-label={t('news.pagination.label')}
      className="mt-12 grid grid-cols-2 items-center gap-x-2 gap-y-3 sm:flex sm:justify-center"
    >
      <Step to={page - 1} enabled={page > 1} rel="prev">
        <ChevronLeft aria-hidden="true" className="size-4" />
        {t('news.pagination.previous')}
      </Step>
      <ul className="col-span-2 row-start-1 flex flex-nowrap items-center justify-center gap-1 sm:gap-2">
        {pageWindow(page, pages).map((item) => (
          <li key={item}>
            {typeof item === 'number' ? (
              <Link
                to={href(item)}
                onClick={toTop}
                className={item === page ? current : idle}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('news.pagination.page', { page: item })}
              >
                {item}
              </Link>
            ) : (
              <span aria-hidden="true" className="px-0.5 text-steel-500 sm:px-1">
                …
              </span>
            )}
          </li>
        ))}
      </ul>
      <Step to={page + 1} enabled={page < pages} rel="next">
        {t('news.pagination.next')}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Step>
    </nav>
  );
}
