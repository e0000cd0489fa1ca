import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation, useNavigation } from 'react-router-dom';
import { RotateCw } from 'lucide-react';
import { loadErrorText } from '../../lib/load-error';
import { pastLastPage, type NewsLoaderData } from '../../lib/loaders';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';
import { buttonOutline, container } from '../../ui/styles';
import { NewsCard } from './NewsCard';

export function NewsPage() {
  const { t } = useTranslation();
  const { page, list, error } = useLoaderData() as NewsLoaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const changingPage =
    navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const errorText = error ? loadErrorText(error, t) || t('news.fetchFailed') : '';
  const shown = list && list.news.length > 0;

  useLoadErrorToast(error, errorText);

  return (
    <>
      <PageHeader title={t('news.title')} description={t('news.description')} />
      <div className={`${container} py-12 sm:py-16`}>
        {changingPage && !shown ? (
          <Spinner label={t('news.loading')} />
        ) : error ? (
          <div className="flex flex-col items-center gap-4 py-16 text-center">
            <p className="font-medium text-red-700">{errorText}</p>
            {/* A real button that reloads the page; without JavaScript the form does it. */}
            <form
              method="get"
              action={location.pathname}
              onSubmit={(e) => {
                e.preventDefault();
                window.location.reload();
              }}
            >
              {[...new URLSearchParams(location.search)].map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className={buttonOutline}>
                <RotateCw aria-hidden="true" className="size-4" />
                {t('news.retry')}
              </button>
            </form>
          </div>
        ) : shown ? (
          // While another page loads, this one stays in place, dimmed, under the
          // spinner: the page keeps its height, so the smooth scroll to the top
          // is not cut short when the document would shrink under it.
          <div className="relative">
            {changingPage && (
              <div className="absolute inset-x-0 top-16 z-10 flex justify-center">
                <div className="rounded-2xl bg-white/95 px-12 shadow-lg ring-1 ring-steel-200">
                  <Spinner label={t('news.loading')} />
                </div>
              </div>
            )}
            <div
              inert={changingPage}
              className={changingPage ? 'opacity-30 transition-opacity' : undefined}
            >
              <ul className="grid gap-8 md:grid-cols-2">
                {list.news.map((article, index) => (
                  <NewsCard key={article.id} article={article} priority={index < 2} />
                ))}
              </ul>
              <Pagination page={page} pages={list.pages} />
            </div>
          </div>
        ) : list && pastLastPage({ page, list }) ? (
          // A page past the last (answered 404): the way back is the list's first page.
          <div className="flex flex-col items-center gap-6 py-16 text-center">
            <p className="text-steel-600">{t('news.pageEmpty')}</p>
            <Link to="?" className={buttonOutline}>
              {t('news.firstPage')}
            </Link>
          </div>
        ) : (
          <p className="py-16 text-center text-steel-600">{t('news.empty')}</p>
        )}
      </div>
    </>
  );
}
