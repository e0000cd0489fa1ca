import { useTranslation } from 'react-i18next';
import { useProfileDetailsQuery } from '../features/auth/api/auth.queries';
import { LoadingScreen } from '../features/dashboard/components/LoadingScreen';
import { useSettingsQuery } from '../features/settings/api/settings.queries';
import { SettingsForm } from '../features/settings/components/SettingsForm';
import { WebhookDeliveries } from '../features/settings/components/WebhookDeliveries';
import { card } from '../lib/ui';
import { AdminScreen } from './AdminScreen';

/** /admin/settings: the site's operational settings, and the webhook's latest calls, for admins. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <AdminScreen
      title={t('admin.settings.title')}
      description={t('admin.settings.subtitle')}
      capability="settings"
    >
      {() => <Settings />}
    </AdminScreen>
  );
}

function Settings() {
  const { t } = useTranslation();
  const settings = useSettingsQuery();
  const profile = useProfileDetailsQuery();
  if (settings.isPending) return <LoadingScreen inline />;
  if (settings.isError)
    return <p className={`${card} p-6 text-sm text-slate-700`}>{t('admin.settings.loadFailed')}</p>;
  return (
    <div className="space-y-6">
      <SettingsForm saved={settings.data} profile={profile.data} />
      <WebhookDeliveries />
    </div>
  );
}
