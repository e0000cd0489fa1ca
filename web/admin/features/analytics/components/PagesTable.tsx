import { useTranslation } from 'react-i18next';
import {
  creditsEnquiries,
  DELETED_PAGES_TITLE,
  SITE_PAGES,
  type PageStats,
} from '#shared/analytics';
import { numberFormat } from '#shared/languages';
import { onWeb } from '../../../lib/on-web';

const th = 'px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase';
const td = 'px-3 py-2 align-top';

/**
 * The pages and articles read in the period, most viewed first, with the
 * enquiries each led to; a title opens the page on the site (not in the
 * desktop app, which has no site pages). Articles and pages deleted since
 * share the last row, which has no page to open; one no longer public is
 * marked so, without a link (readers get a 404 there). The site's own pages
 * (home, news list, contact, privacy) are never credited with an enquiry:
 * their enquiries read "—", not 0.
 */
export function PagesTable({ pages, caption }: { pages: PageStats[]; caption: string }) {
  const { t, i18n } = useTranslation();
  const web = onWeb();
  const number = numberFormat(i18n.language);
  // The site's own pages in the admin's language; an article or page by its title as stored.
  const titleOf = (page: PageStats) =>
    page.deleted
      ? t(DELETED_PAGES_TITLE)
      : page.page === 'document'
        ? page.title
        : t(SITE_PAGES[page.page].title);
  if (pages.length === 0) {
    return <p className="px-4 py-6 text-sm text-slate-600">{t('admin.analytics.noViews')}</p>;
  }
  return (
    <div
      role="region"
      aria-labelledby="analytics-pages-caption"
      tabIndex={0}
      className="overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
    >
      <table className="w-full text-sm text-slate-800">
        <caption id="analytics-pages-caption" className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={`${th} text-left`}>
              {t('admin.analytics.columns.page')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('admin.analytics.columns.views')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('admin.analytics.columns.enquiries')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {pages.map((page) => (
            <tr key={`${page.page}:${page.id ?? 0}`} data-testid="analytics-page">
              <th scope="row" className={`${td} text-left font-normal`}>
                {web && !page.deleted && !page.unpublished ? (
                  <a
                    href={page.path}
                    target="_blank"
                    rel="noreferrer"
                    className="font-medium text-sky-800 hover:underline"
                  >
                    {titleOf(page)}
                    <span className="sr-only"> ({t('admin.opensInNewTab')})</span>
                  </a>
                ) : (
                  <span className={page.deleted ? 'text-slate-700 italic' : 'font-medium'}>
                    {titleOf(page)}
                  </span>
                )}
                {page.unpublished && (
                  <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                    {t('admin.analytics.unpublished')}
                  </span>
                )}
                {page.path !== '' && (
                  <span className="block break-all text-xs text-slate-600">{page.path}</span>
                )}
              </th>
              <td className={`${td} text-right tabular-nums`}>{number.format(page.views)}</td>
              <td className={`${td} text-right tabular-nums`}>
                {creditsEnquiries(page.page) ? (
                  number.format(page.enquiries)
                ) : (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">{t('admin.analytics.notCredited')}</span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
