import { useTranslation } from 'react-i18next';
import { AnalyticsReport } from '../features/analytics/components/AnalyticsReport';
import { AdminScreen } from './AdminScreen';

/** /admin/analytics: which pages are read and which bring enquiries (admins and editors). */
export function AnalyticsPage() {
  const { t } = useTranslation();
  return (
    <AdminScreen
      title={t('admin.analytics.title')}
      description={t('admin.analytics.subtitle')}
      capability="analytics"
    >
      {() => <AnalyticsReport />}
    </AdminScreen>
  );
}
