import { useTranslation } from 'react-i18next';
import { AccountForm } from '../features/auth/components/account/AccountForm';
import { ActiveSessions } from '../features/auth/components/account/ActiveSessions';
import { TwoFactorPanel } from '../features/auth/components/account/TwoFactorPanel';
import { AdminScreen } from './AdminScreen';

/** /admin/account: the signed-in admin's name and password, two-factor sign-in and sessions. */
export function AccountPage() {
  const { t } = useTranslation();
  return (
    <AdminScreen title={t('admin.account.title')} description={t('admin.account.subtitle')}>
      {(user) => (
        <div className="grid max-w-4xl gap-6">
          <AccountForm username={user.username} />
          <TwoFactorPanel username={user.username} />
          <ActiveSessions />
        </div>
      )}
    </AdminScreen>
  );
}
