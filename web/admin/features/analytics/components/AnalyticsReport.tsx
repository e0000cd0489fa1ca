import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ANALYTICS_PERIODS,
  OTHER_REFERRER,
  type AnalyticsReport as Report,
} from '#shared/analytics';
import { formatDay } from '#shared/date-time';
import { numberFormat, pickLanguage } from '#shared/languages';
import { DayChart } from '../../../components/DayChart';
import { LoadFailed } from '../../../components/LoadFailed';
import { Spinner } from '../../../components/Spinner';
import { button, card } from '../../../lib/ui';
import { periodFrom, useAnalyticsQuery } from '../api/analytics.queries';
import { CsvDownload } from './CsvDownload';
import { PagesTable } from './PagesTable';
import { ShareList } from './ShareList';

/**
 * /admin/analytics: the period (in the address), the views per day, the
 * pages and articles read with the enquiries they led to (as CSV too), the
 * languages and the referring sites. While another period loads, the last
 * report stays, dimmed and marked busy, its figures naming their own period.
 */
export function AnalyticsReport() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const days = periodFrom(params);
  const report = useAnalyticsQuery(days);
  const busy = report.isPlaceholderData;
  const loading = (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Spinner />
      {t('admin.common.loadingList')}
    </p>
  );
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <nav aria-label={t('admin.analytics.period')} className="flex flex-wrap gap-2">
          {ANALYTICS_PERIODS.map((period) => (
            <Link
              key={period}
              to={`?days=${period}`}
              replace
              aria-current={period === days ? 'page' : undefined}
              className={period === days ? button.primary : button.secondary}
            >
              {t('admin.analytics.days', { count: period })}
            </Link>
          ))}
        </nav>
        {busy && loading}
      </div>
      {report.data ? (
        <div
          aria-busy={busy || undefined}
          className={`space-y-6 transition-opacity ${busy ? 'opacity-60' : ''}`}
        >
          <ReportBody report={report.data} />
        </div>
      ) : report.isError ? (
        <LoadFailed onRetry={() => void report.refetch()} />
      ) : (
        loading
      )}
    </div>
  );
}

function ReportBody({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const views = report.views.reduce((sum, day) => sum + day.count, 0);
  const enquiries = report.pages.reduce((sum, page) => sum + page.enquiries, 0);
  const figures = [
    { key: 'views', label: t('admin.analytics.totalViews'), value: views, note: null },
    {
      key: 'enquiries',
      label: t('admin.analytics.totalEnquiries'),
      value: enquiries,
      note: t('admin.analytics.withoutSource', { count: report.enquiries_without_source }),
    },
  ];
  return (
    <>
      <section className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <dl className="grid grid-cols-2 content-start gap-3">
          {figures.map((f) => (
            <div
              key={f.key}
              className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm"
              data-testid={`analytics-${f.key}`}
            >
              <dt className="text-xs font-medium text-slate-600">
                {f.label}
                <span className="block font-normal">
                  {t('admin.analytics.figuresPeriod', { count: report.days })}
                </span>
              </dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
                {number.format(f.value)}
              </dd>
              {f.note && <dd className="mt-1 text-xs text-slate-600">{f.note}</dd>}
            </div>
          ))}
        </dl>
        <div className={`${card} px-4 py-3`}>
          <DayChart
            perDay={report.views}
            height="h-28"
            title={t('admin.analytics.chartTitle', { count: report.days })}
            summary={(total, busiest) =>
              !busiest
                ? t('admin.analytics.chartEmpty', { count: report.days })
                : t('admin.analytics.chartSummary', {
                    count: report.days,
                    total,
                    date: formatDay(busiest.date, pickLanguage(i18n.language)),
                    busiest: busiest.count,
                  })
            }
          />
          <p className="mt-2 text-xs text-slate-600">
            {t('admin.analytics.daysNote', { zone: report.time_zone })}
          </p>
        </div>
      </section>
      <section aria-labelledby="analytics-pages-title" className={card}>
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h3 id="analytics-pages-title" className="text-sm font-semibold text-slate-900">
            {t('admin.analytics.pagesTitle')}
          </h3>
          <CsvDownload report={report} />
        </div>
        <PagesTable
          pages={report.pages}
          caption={t('admin.analytics.pagesCaption', { count: report.days })}
        />
        <p className="border-t border-slate-200 px-4 py-3 text-xs text-slate-600">
          {t('admin.analytics.enquiriesNote')}
        </p>
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        <div className={`${card} px-4 py-3`}>
          <ShareList
            testId="analytics-languages"
            title={t('admin.analytics.languagesTitle')}
            empty={t('admin.analytics.noViews')}
            rows={report.languages.map((l) => ({
              key: l.language,
              label: t(`admin.languages.${l.language}`),
              views: l.views,
            }))}
          />
        </div>
        <div className={`${card} px-4 py-3`}>
          <ShareList
            testId="analytics-referrers"
            title={t('admin.analytics.referrersTitle')}
            empty={t('admin.analytics.noReferrers')}
            rows={report.referrers.map((r) => ({
              key: r.host,
              label: r.host === OTHER_REFERRER ? t('admin.analytics.otherSites') : r.host,
              views: r.views,
            }))}
          />
          <p className="mt-3 text-xs text-slate-600">{t('admin.analytics.referrersNote')}</p>
        </div>
      </div>
      <p className="text-xs text-slate-600">{t('admin.analytics.privacyNote')}</p>
    </>
  );
}
