import { useTranslation } from 'react-i18next';
import type { ContactStats } from '#shared/contact';
import { card } from '../../../lib/ui';
import { EnquiriesChart } from './EnquiriesChart';

/**
 * The numbers of `GET /api/contacts/stats` (spam apart) and the 30-day chart,
 * above the list. Overdue enquiries stand out in red, with the word to say so.
 */
export function ContactStatsPanel({ stats }: { stats: ContactStats }) {
  const { t } = useTranslation();
  const numbers = [
    { key: 'total', label: t('admin.stats.total'), value: stats.total },
    { key: 'unread', label: t('admin.stats.unread'), value: stats.unread },
    { key: 'unreplied', label: t('admin.stats.unreplied'), value: stats.unreplied },
    { key: 'overdue', label: t('admin.stats.overdue'), value: stats.overdue },
    { key: 'last7', label: t('admin.stats.last7'), value: stats.last_7_days },
  ];
  return (
    <section
      aria-labelledby="stats-title"
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
    >
      <h3 id="stats-title" className="sr-only">
        {t('admin.stats.title')}
      </h3>
      <dl className="grid grid-cols-2 content-start gap-3 sm:grid-cols-3">
        {numbers.map((n) => {
          const alarm = n.key === 'overdue' && n.value > 0;
          return (
            <div
              key={n.key}
              className={`rounded-xl border px-4 py-3 shadow-sm ${alarm ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`}
              data-testid={`stat-${n.key}`}
            >
              <dt className={`text-xs font-medium ${alarm ? 'text-red-800' : 'text-slate-600'}`}>
                {n.label}
              </dt>
              <dd
                className={`mt-1 text-2xl font-bold tabular-nums ${alarm ? 'text-red-800' : 'text-slate-900'}`}
              >
                {n.value}
              </dd>
            </div>
          );
        })}
      </dl>
      <div className={`${card} px-4 py-3`}>
        <EnquiriesChart perDay={stats.per_day} />
      </div>
    </section>
  );
}
