import { useTranslation } from 'react-i18next';
import type { ContactStats } from '#shared/contact';
import { card } from '../../../lib/ui';
import { EnquiriesChart } from './EnquiriesChart';

/** The numbers of `GET /api/contacts/stats` and the 30-day chart, above the list. */
export function ContactStatsPanel({ stats }: { stats: ContactStats }) {
  const { t } = useTranslation();
  const numbers = [
    { key: 'total', label: t('admin.stats.total'), value: stats.total },
    { key: 'unread', label: t('admin.stats.unread'), value: stats.unread },
    { key: 'last7', label: t('admin.stats.last7'), value: stats.last_7_days },
  ];
  return (
    <section
      aria-labelledby="stats-title"
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]"
    >
      <h3 id="stats-title" className="sr-only">
        {t('admin.stats.title')}
      </h3>
      <dl className="grid grid-cols-3 content-start gap-3">
        {numbers.map((n) => (
          <div key={n.key} className={`${card} px-4 py-3`} data-testid={`stat-${n.key}`}>
            <dt className="text-xs font-medium text-slate-600">{n.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{n.value}</dd>
          </div>
        ))}
      </dl>
      <div className={`${card} px-4 py-3`}>
        <EnquiriesChart perDay={stats.per_day} />
      </div>
    </section>
  );
}
