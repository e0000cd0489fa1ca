import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTwoFactorSetupRequired } from '../features/auth/api/auth.queries';
import { AccountEmail } from '../features/auth/components/account/AccountEmail';
import { AccountForm } from '../features/auth/components/account/AccountForm';
import { AccountLanguage } from '../features/auth/components/account/AccountLanguage';
import { AccountName } from '../features/auth/components/account/AccountName';
import { ActiveSessions } from '../features/auth/components/account/ActiveSessions';
import { TwoFactorPanel } from '../features/auth/components/account/TwoFactorPanel';
import { AdminScreen } from './AdminScreen';

/**
 * /admin/account: the signed-in user's display name, language (of their
 * e-mails and the admin), username and password, e-mail address,
 * two-factor sign-in and sessions. While the site requires a second factor this
 * account lacks, the page leads with it and says why.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const required = useTwoFactorSetupRequired();
  return (
    <AdminScreen title={t('admin.account.title')} description={t('admin.account.subtitle')}>
      {(user) => (
        <div className="grid max-w-4xl gap-6">
          {required && (
            <div
              role="alert"
              className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
              data-testid="two-factor-required"
            >
              <ShieldAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              <div>
                <p className="font-semibold">{t('admin.account.twoFactorRequiredTitle')}</p>
                <p className="mt-1 text-sm">{t('admin.account.twoFactorRequiredMessage')}</p>
              </div>
            </div>
          )}
          {required && <TwoFactorPanel username={user.username} />}
          <AccountName name={user.name ?? null} />
          {/* Shown afresh when the header's switcher changes it. */}
          <AccountLanguage key={user.language ?? ''} language={user.language ?? null} />
          <AccountForm username={user.username} />
          <AccountEmail />
          {!required && <TwoFactorPanel username={user.username} />}
          <ActiveSessions />
        </div>
      )}
    </AdminScreen>
  );
}
