import { useTranslation } from 'react-i18next';
import type { ContactStats } from '#shared/contact';
import type { ReplyFilter } from '#shared/contact-list';
import { numberFormat } from '#shared/languages';
import { card } from '../../../lib/ui';
import { EnquiriesChart } from './EnquiriesChart';

type Props = {
  stats: ContactStats;
  /** The reply filter of the list on screen (the inbox's). */
  reply: ReplyFilter | undefined;
  /** Filters the inbox by a figure (`undefined`: the filter is dropped again). */
  onReply: (reply: ReplyFilter | undefined) => void;
};

type Figure = { key: string; label: string; value: number; filter?: ReplyFilter };

const tone = (alarm: boolean, warn: boolean) =>
  alarm
    ? { box: 'border-red-300 bg-red-50', text: 'text-red-800' }
    : warn
      ? { box: 'border-amber-300 bg-amber-50', text: 'text-amber-900' }
      : { box: 'border-slate-200 bg-white', text: 'text-slate-900' };

/**
 * The numbers of `GET /api/contacts/stats` (spam apart) and the 30-day chart,
 * above the list. Overdue enquiries stand out in red, those due soon in
 * amber, with the words to say so; both figures are buttons that show those
 * enquiries (pressed again: all of them).
 */
export function ContactStatsPanel({ stats, reply, onReply }: Props) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const figures: Figure[] = [
    { key: 'total', label: t('admin.stats.total'), value: stats.total },
    { key: 'unread', label: t('admin.stats.unread'), value: stats.unread },
    { key: 'unreplied', label: t('admin.stats.unreplied'), value: stats.unreplied },
    { key: 'overdue', label: t('admin.stats.overdue'), value: stats.overdue, filter: 'overdue' },
    { key: 'due-soon', label: t('admin.stats.dueSoon'), value: stats.due_soon, filter: 'soon' },
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
        {figures.map((n) => {
          const look = tone(
            n.key === 'overdue' && n.value > 0,
            n.key === 'due-soon' && n.value > 0,
          );
          const pressed = n.filter !== undefined && reply === n.filter;
          return (
            <div
              key={n.key}
              className={`relative rounded-xl border px-4 py-3 shadow-sm ${look.box} ${pressed ? 'ring-2 ring-navy-900' : ''}`}
              data-testid={`stat-${n.key}`}
            >
              <dt
                className={`text-xs font-medium ${look.text === 'text-slate-900' ? 'text-slate-600' : look.text}`}
              >
                {n.filter ? (
                  <button
                    type="button"
                    aria-pressed={pressed}
                    className="text-left underline-offset-2 after:absolute after:inset-0 hover:underline focus-visible:outline-none after:focus-visible:rounded-xl after:focus-visible:ring-2 after:focus-visible:ring-sky-600"
                    onClick={() => onReply(pressed ? undefined : n.filter)}
                  >
                    {n.label}
                  </button>
                ) : (
                  n.label
                )}
              </dt>
              <dd className={`mt-1 text-2xl font-bold tabular-nums ${look.text}`}>
                {number.format(n.value)}
              </dd>
            </div>
          );
        })}
      </dl>
      <div className={`${card} px-4 py-3`}>
        <EnquiriesChart perDay={stats.per_day} timeZone={stats.time_zone} />
      </div>
    </section>
  );
}
