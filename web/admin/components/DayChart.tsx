import { useTranslation } from 'react-i18next';
import { formatDay } from '#shared/date-time';
import { pickLanguage } from '#shared/languages';

export type DayCount = { date: string; count: number };

type Props = {
  perDay: DayCount[];
  title: string;
  /** The chart in words (its accessible name): the total and the busiest day, or none. */
  summary: (total: number, busiest: DayCount | null) => string;
  /** Tailwind height class of the bars' area. */
  height?: string;
};

const WIDTH = 300;
const HEIGHT = 72;

/**
 * Counts per day as inline SVG bars scaled to the busiest day, with the
 * first and last date under them (in the admin's language) and a text summary for screen readers
 * (enquiries per day, page views per day).
 */
export function DayChart({ perDay, title, summary, height = 'h-16' }: Props) {
  const { t, i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  const dayOf = (day: DayCount) => formatDay(day.date, language);
  const total = perDay.reduce((sum, day) => sum + day.count, 0);
  const busiest = perDay.reduce<DayCount | null>(
    (best, day) => (!best || day.count > best.count ? day : best),
    null,
  );
  const max = Math.max(1, busiest?.count ?? 0);
  const slot = WIDTH / Math.max(1, perDay.length);
  const said = summary(total, total === 0 ? null : busiest);

  return (
    <figure>
      <figcaption className="text-sm font-medium text-slate-700">{title}</figcaption>
      <svg
        role="img"
        aria-label={said}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className={`mt-2 ${height} w-full`}
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
              <title>{t('admin.stats.bar', { date: dayOf(day), count: day.count })}</title>
            </rect>
          );
        })}
      </svg>
      {perDay.length > 0 && (
        <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
          <span>{dayOf(perDay[0]!)}</span>
          <span>{dayOf(perDay.at(-1)!)}</span>
        </div>
      )}
      <p className="sr-only">{said}</p>
    </figure>
  );
}
