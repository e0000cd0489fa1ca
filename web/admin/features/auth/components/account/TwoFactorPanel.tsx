import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { button, card } from '../../../../lib/ui';
import { useProfileDetailsQuery } from '../../api/auth.queries';
import { TwoFactorOffDialog } from './TwoFactorOffDialog';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';

/** Whether sign-in asks for a code from an authenticator app, and the way to turn it on or off. */
export function TwoFactorPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const profile = useProfileDetailsQuery();
  const [open, setOpen] = useState<'setup' | 'off' | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const on = profile.data?.two_factor_enabled === true;
  const Icon = on ? ShieldCheck : ShieldOff;

  return (
    <section aria-labelledby="two-factor-title" className={`${card} p-6`}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex gap-3">
          <Icon
            aria-hidden="true"
            className={`mt-0.5 h-6 w-6 shrink-0 ${on ? 'text-emerald-700' : 'text-slate-500'}`}
          />
          <div>
            <h3 id="two-factor-title" className="text-lg font-semibold text-slate-900">
              {t('admin.twoFactor.title')}
            </h3>
            <p className="mt-1 text-sm font-medium text-slate-900" data-testid="two-factor-status">
              {on ? t('admin.twoFactor.statusOn') : t('admin.twoFactor.statusOff')}
            </p>
            <p className="mt-1 max-w-prose text-sm text-slate-600">
              {on ? t('admin.twoFactor.onHint') : t('admin.twoFactor.offHint')}
            </p>
          </div>
        </div>
        <button
          ref={trigger}
          type="button"
          className={on ? button.secondary : button.primary}
          disabled={!profile.isSuccess}
          onClick={() => setOpen(on ? 'off' : 'setup')}
        >
          {on ? t('admin.twoFactor.turnOff') : t('admin.twoFactor.turnOn')}
        </button>
      </div>
      {open === 'setup' && (
        <TwoFactorSetupDialog username={username} onClose={() => setOpen(null)} />
      )}
      {open === 'off' && <TwoFactorOffDialog onClose={() => setOpen(null)} />}
    </section>
  );
}
