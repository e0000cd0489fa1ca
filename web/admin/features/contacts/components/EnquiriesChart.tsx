import { useTranslation } from 'react-i18next';
import { formatDate } from '#shared/dates';
import type { ContactStats } from '#shared/contact';

const WIDTH = 300;
const HEIGHT = 72;

/** Enquiries per day over the last 30 days as inline SVG bars, with a text summary for screen readers. */
export function EnquiriesChart({ perDay }: { perDay: ContactStats['per_day'] }) {
  const { t } = useTranslation();
  const total = perDay.reduce((sum, day) => sum + day.count, 0);
  const busiest = perDay.reduce<ContactStats['per_day'][number] | null>(
    (best, day) => (!best || day.count > best.count ? day : best),
    null,
  );
  const max = Math.max(1, busiest?.count ?? 0);
  const slot = WIDTH / Math.max(1, perDay.length);
  const summary =
    total === 0 || !busiest
      ? t('admin.stats.chartEmpty')
      : t('admin.stats.chartSummary', {
          total,
          date: formatDate(busiest.date),
          count: busiest.count,
        });

  return (
    <figure>
      <figcaption className="text-sm font-medium text-slate-700">
        {t('admin.stats.chartTitle')}
      </figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-2 h-16 w-full"
      >
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT - 0.5}
          y2={HEIGHT - 0.5}
          className="stroke-slate-300"
          strokeWidth="1"
        />
        {perDay.map((day, i) => {
          const h = day.count === 0 ? 0 : Math.max(3, (day.count / max) * (HEIGHT - 6));
          return (
            <rect
              key={day.date}
              x={i * slot + slot * 0.15}
              y={HEIGHT - 1 - h}
              width={slot * 0.7}
              height={h}
              rx="1"
              className="fill-sky-600"
            >
              <title>
                {t('admin.stats.bar', { date: formatDate(day.date), count: day.count })}
              </title>
            </rect>
          );
        })}
      </svg>
      {perDay.length > 0 && (
        <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
          <span>{formatDate(perDay[0]!.date)}</span>
          <span>{formatDate(perDay.at(-1)!.date)}</span>
        </div>
      )}
      <p className="sr-only">{summary}</p>
    </figure>
  );
}
