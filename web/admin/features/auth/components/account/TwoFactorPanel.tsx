import { ShieldCheck, ShieldOff, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECOVERY_CODES_LOW } from '#shared/auth';
import { button, card } from '../../../../lib/ui';
import { useTwoFactorStatusQuery } from '../../api/account.queries';
import { useProfileDetailsQuery } from '../../api/auth.queries';
import { RenewCodesDialog } from './RenewCodesDialog';
import { TwoFactorMoveDialog } from './TwoFactorMoveDialog';
import { TwoFactorOffDialog } from './TwoFactorOffDialog';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';

type Dialog = 'setup' | 'off' | 'move' | 'renew';

/**
 * Whether sign-in asks for a code from an authenticator app, and the way to
 * turn it on or off; while on, how many recovery codes are left (a warning
 * when few are), moving it to a new device and new recovery codes.
 */
export function TwoFactorPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const profile = useProfileDetailsQuery();
  const [open, setOpen] = useState<Dialog | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const on = profile.data?.two_factor_enabled === true;
  const status = useTwoFactorStatusQuery({ enabled: on });
  const left = on && status.data?.enabled ? status.data.recovery_codes_left : null;
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
            {left !== null && left > RECOVERY_CODES_LOW && (
              <p className="mt-1 text-sm text-slate-600" data-testid="recovery-codes-left">
                {t('admin.twoFactor.codesLeft', { count: left })}
              </p>
            )}
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
      {left !== null && left <= RECOVERY_CODES_LOW && (
        <div
          role="status"
          data-testid="recovery-codes-left"
          className="mt-4 flex gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('admin.twoFactor.codesLow', { count: left })}</p>
            <p className="mt-1">{t('admin.twoFactor.codesLowHint')}</p>
          </div>
        </div>
      )}
      {on && (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          <button type="button" className={button.secondary} onClick={() => setOpen('move')}>
            {t('admin.twoFactor.move')}
          </button>
          <button type="button" className={button.secondary} onClick={() => setOpen('renew')}>
            {t('admin.twoFactor.renew')}
          </button>
        </div>
      )}
      {open === 'setup' && (
        <TwoFactorSetupDialog username={username} onClose={() => setOpen(null)} />
      )}
      {open === 'off' && <TwoFactorOffDialog onClose={() => setOpen(null)} />}
      {open === 'move' && <TwoFactorMoveDialog username={username} onClose={() => setOpen(null)} />}
      {open === 'renew' && <RenewCodesDialog username={username} onClose={() => setOpen(null)} />}
    </section>
  );
}
