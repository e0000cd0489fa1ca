import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '#shared/roles';
import type { UserAccount } from '#shared/users';
import { toast } from '../../../../common/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { card } from '../../../lib/ui';
import { useDeleteAccount, useUpdateAccount } from '../api/users.queries';
import { AccountRow } from './AccountRow';

type Props = { accounts: UserAccount[]; me: string };

/**
 * Every account with its role, state, two-factor and last sign-in; a new
 * role applies at the account's next request, a deactivation ends its
 * sessions at once. The server refuses (409) whatever would leave no
 * active admin, and the toast says why.
 */
export function AccountList({ accounts, me }: Props) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const removal = useDeleteAccount();
  const [confirm, setConfirm] = useState<{
    account: UserAccount;
    kind: 'deactivate' | 'delete';
  } | null>(null);
  const pendingId = update.isPending
    ? update.variables.id
    : removal.isPending
      ? removal.variables
      : null;
  const fail = (error: unknown) => toast.failure(t, error, 'admin.users.failed');

  const setRole = (account: UserAccount, role: Role) =>
    update.mutate(
      { id: account.id, role },
      {
        onSuccess: () =>
          toast.success(
            t('admin.users.roleChanged', {
              username: account.username,
              role: t(`admin.users.roles.${role}`),
            }),
          ),
        onError: fail,
      },
    );

  const setActive = (account: UserAccount, active: boolean, done?: () => void) =>
    update.mutate(
      { id: account.id, active },
      {
        onSuccess() {
          toast.success(
            t(active ? 'admin.users.reactivated' : 'admin.users.deactivatedToast', {
              username: account.username,
            }),
          );
          done?.();
        },
        onError: fail,
      },
    );

  return (
    <section aria-labelledby="accounts-title" className={`${card} p-6`}>
      <h3 id="accounts-title" className="text-lg font-semibold text-slate-900">
        {t('admin.users.accounts', { count: accounts.length })}
      </h3>
      <ul className="mt-2 divide-y divide-slate-200">
        {accounts.map((account) => (
          <AccountRow
            key={account.id}
            account={account}
            own={account.username === me}
            pending={pendingId === account.id}
            onRole={(role) => setRole(account, role)}
            onActive={(active) =>
              active ? setActive(account, true) : setConfirm({ account, kind: 'deactivate' })
            }
            onDelete={() => setConfirm({ account, kind: 'delete' })}
          />
        ))}
      </ul>
      {confirm && (
        <ConfirmDialog
          message={t(`admin.users.confirm.${confirm.kind}`, { username: confirm.account.username })}
          confirmLabel={
            confirm.kind === 'delete' ? t('admin.common.delete') : t('admin.users.deactivate')
          }
          busy={update.isPending || removal.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const { account, kind } = confirm;
            if (kind === 'deactivate') return setActive(account, false, () => setConfirm(null));
            removal.mutate(account.id, {
              onSuccess() {
                toast.success(t('admin.users.deleted', { username: account.username }));
                setConfirm(null);
              },
              onError: fail,
            });
          }}
        />
      )}
    </section>
  );
}
