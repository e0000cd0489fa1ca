import { useTranslation } from 'react-i18next';
import { formatDate } from '#shared/dates';
import type { ContactStats } from '#shared/contact';
import { DayChart } from '../../../components/DayChart';

/** Enquiries per day over the last 30 days as bars, with a text summary for screen readers. */
export function EnquiriesChart({ perDay }: { perDay: ContactStats['per_day'] }) {
  const { t } = useTranslation();
  return (
    <DayChart
      perDay={perDay}
      title={t('admin.stats.chartTitle')}
      summary={(total, busiest) =>
        !busiest
          ? t('admin.stats.chartEmpty')
          : t('admin.stats.chartSummary', {
              count: total,
              date: formatDate(busiest.date),
              busiest: busiest.count,
            })
      }
    />
  );
}
