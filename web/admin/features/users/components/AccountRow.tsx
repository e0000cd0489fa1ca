import { Power, RotateCcw, ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/date-time';
import { pickLanguage } from '#shared/languages';
import { ROLES, type Role } from '#shared/roles';
import type { UserAccount } from '#shared/users';
import { RowAction } from '../../../components/RowAction';
import { button, input } from '../../../lib/ui';

type Props = {
  account: UserAccount;
  /** The signed-in admin's own row: no role change, deactivation or deletion from here. */
  own: boolean;
  pending: boolean;
  /** A role chosen in the picker: asked about before it is written. */
  onRole: (role: Role) => void;
  onActive: (active: boolean) => void;
  onDelete: () => void;
  /** A colleague's two-factor sign-in reset (asked first); never one's own. */
  onResetTwoFactor: () => void;
};

const badge = 'rounded-full px-2.5 py-0.5 text-xs font-semibold';

/**
 * One account: who (username, and the display name beside it), its role,
 * state, two-factor and last sign-in, and what an admin can do.
 */
export function AccountRow({
  account,
  own,
  pending,
  onRole,
  onActive,
  onDelete,
  onResetTwoFactor,
}: Props) {
  const { t, i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  const name = <span className="sr-only">: {account.username}</span>;
  const roleId = `role-${account.id}`;
  return (
    <li className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center" data-testid="account-row">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{account.username}</span>
          {account.name && (
            <span className="text-slate-700" data-testid="account-name">
              {account.name}
            </span>
          )}
          {own && (
            <span className={`${badge} bg-slate-100 text-slate-700`}>{t('admin.users.you')}</span>
          )}
          <span
            className={`${badge} ${account.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}
          >
            {account.active ? t('admin.users.active') : t('admin.users.deactivated')}
          </span>
          <span className="inline-flex items-center gap-1 text-xs text-slate-700">
            {account.two_factor ? (
              <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5 text-emerald-700" />
            ) : (
              <ShieldOff aria-hidden="true" className="h-3.5 w-3.5 text-slate-500" />
            )}
            {account.two_factor ? t('admin.users.twoFactorOn') : t('admin.users.twoFactorOff')}
          </span>
        </div>
        <p className="mt-1 truncate text-sm text-slate-600">
          {account.email ?? t('admin.users.noEmail')}
        </p>
        <p className="text-xs text-slate-500">
          {account.last_sign_in_at
            ? t('admin.users.lastSignIn', {
                date: formatDateTime(account.last_sign_in_at, language),
              })
            : t('admin.users.neverSignedIn')}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={roleId} className="sr-only">
          {t('admin.users.roleFor', { username: account.username })}
        </label>
        <select
          id={roleId}
          value={account.role}
          disabled={own}
          // While the row's write runs: focusable still (not `disabled`, which
          // would drop the focus to the page), but a change is refused.
          aria-disabled={pending || undefined}
          title={own ? t('admin.users.ownRole') : undefined}
          onChange={(e) => {
            if (!pending) onRole(e.target.value as Role);
          }}
          className={`${input} w-44 aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`admin.users.roles.${r}`)}
            </option>
          ))}
        </select>
        {!own && (
          <>
            {account.two_factor && (
              <RowAction pending={pending} className={button.ghost} onClick={onResetTwoFactor}>
                <RotateCcw aria-hidden="true" className="h-4 w-4" />
                {t('admin.users.resetTwoFactor')}
                {name}
              </RowAction>
            )}
            <RowAction
              pending={pending}
              className={button.ghost}
              onClick={() => onActive(!account.active)}
            >
              <Power aria-hidden="true" className="h-4 w-4" />
              {account.active ? t('admin.users.deactivate') : t('admin.users.reactivate')}
              {name}
            </RowAction>
            <RowAction pending={pending} className={button.ghostDanger} onClick={onDelete}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {t('admin.common.delete')}
              {name}
            </RowAction>
          </>
        )}
      </div>
    </li>
  );
}
