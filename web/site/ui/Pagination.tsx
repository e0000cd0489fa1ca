import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageWindow } from '#shared/pagination';

const base =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md px-3 text-sm font-medium transition';
const idle = `${base} border border-steel-200 bg-white text-navy-800 hover:border-navy-400 hover:bg-navy-50`;
const active = `${base} bg-navy-900 text-white`;
const disabled = `${base} cursor-not-allowed border border-steel-200 text-steel-500 opacity-70`;

/**
 * Page links `?page=N` (real links, so they work without JavaScript): previous,
 * a window of up to five numbers with first/last shortcuts and ellipses, next.
 * Hidden when there is a single page; scrolls smoothly to the top on a change.
 */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const href = (n: number) => (n === 1 ? '?' : `?page=${n}`);
  const toTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

  const step = (
    to: number,
    label: string,
    icon: React.ReactNode,
    enabled: boolean,
    after = false,
  ) =>
    enabled ? (
      <Link to={href(to)} onClick={toTop} className={idle} rel={after ? 'next' : 'prev'}>
        {!after && icon}
        {label}
        {after && icon}
      </Link>
    ) : (
      <span aria-disabled="true" className={disabled}>
        {!after && icon}
        {label}
        {after && icon}
      </span>
    );

  return (
    <nav
      aria-label={t('news.pagination.label')}
      className="mt-12 flex flex-wrap items-center justify-center gap-2"
    >
      {step(
        page - 1,
        t('news.pagination.previous'),
        <ChevronLeft aria-hidden="true" className="size-4" />,
        page > 1,
      )}
      <ul className="flex flex-wrap items-center gap-2">
        {pageWindow(page, pages).map((item) => (
          <li key={item}>
            {typeof item === 'number' ? (
              <Link
                to={href(item)}
                onClick={toTop}
                className={item === page ? active : idle}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('news.pagination.page', { page: item })}
              >
                {item}
              </Link>
            ) : (
              <span aria-hidden="true" className="px-1 text-steel-500">
                …
              </span>
            )}
          </li>
        ))}
      </ul>
      {step(
        page + 1,
        t('news.pagination.next'),
        <ChevronRight aria-hidden="true" className="size-4" />,
        page < pages,
        true,
      )}
    </nav>
  );
}
