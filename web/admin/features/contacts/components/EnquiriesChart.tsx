import { useTranslation } from 'react-i18next';
import { formatDay } from '#shared/date-time';
import type { ContactStats } from '#shared/contact';
import { pickLanguage } from '#shared/languages';
import { DayChart } from '../../../components/DayChart';

/**
 * Enquiries per day over the last 30 days (the company's days) as bars,
 * with a text summary for screen readers; dates as the admin's language
 * writes them, and the zone whose midnights divide them named below.
 */
export function EnquiriesChart({
  perDay,
  timeZone,
}: {
  perDay: ContactStats['per_day'];
  timeZone: ContactStats['time_zone'];
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <DayChart
        perDay={perDay}
        title={t('admin.stats.chartTitle')}
        summary={(total, busiest) =>
          !busiest
            ? t('admin.stats.chartEmpty')
            : t('admin.stats.chartSummary', {
                count: total,
                date: formatDay(busiest.date, pickLanguage(i18n.language)),
                busiest: busiest.count,
              })
        }
      />
      <p className="mt-2 text-xs text-slate-600">
        {t('admin.stats.chartDays', { zone: timeZone })}
      </p>
    </>
  );
}
