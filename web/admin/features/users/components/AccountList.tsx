import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayInvite, type Role } from '#shared/roles';
import type { Invitation, UserAccount } from '#shared/users';
import { toast } from '../../../../common/toast';
import { card } from '../../../lib/ui';
import { useDeleteAccount, useResetTwoFactor, useUpdateAccount } from '../api/users.queries';
import { AccountQuestion, type Question } from './AccountQuestion';
import { AccountRow } from './AccountRow';

type Props = { accounts: UserAccount[]; invitations: Invitation[]; me: string };

/**
 * Every account with its role, state, two-factor and last sign-in; a new
 * role applies at the account's next request, a deactivation ends its
 * sessions at once. The server refuses (409) whatever would leave no
 * active admin, and the toast says why. A change that makes an account
 * lose the right to invite withdraws the invitations it sent: the question
 * before it says how many. An admin may reset a colleague's two-factor
 * sign-in (a lost phone): it ends their sessions and they set it up again.
 */
export function AccountList({ accounts, invitations, me }: Props) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const removal = useDeleteAccount();
  const reset = useResetTwoFactor();
  const [question, setQuestion] = useState<Question | null>(null);
  const pendingId = update.isPending
    ? update.variables.id
    : removal.isPending
      ? removal.variables
      : reset.isPending
        ? reset.variables
        : null;
  const fail = (error: unknown) => toast.failure(t, error, 'admin.users.failed');
  const sentBy = (account: UserAccount) =>
    invitations.filter((i) => i.invited_by === account.username).length;
  /** The toast's line for the invitations a change withdrew, if any. */
  const withdrawnLine = (withdrawn: number) =>
    withdrawn ? t('admin.users.invitationsWithdrawn', { count: withdrawn }) : undefined;
  const done = () => setQuestion(null);

  const setRole = (account: UserAccount, role: Role, withdrawn = 0) =>
    update.mutate(
      { id: account.id, role },
      {
        onSuccess() {
          toast.success(
            t('admin.users.roleChanged', {
              username: account.username,
              role: t(`admin.users.roles.${role}`),
            }),
            withdrawnLine(withdrawn),
          );
          done();
        },
        onError: fail,
      },
    );

  const setActive = (account: UserAccount, active: boolean, withdrawn = 0) =>
    update.mutate(
      { id: account.id, active },
      {
        onSuccess() {
          toast.success(
            t(active ? 'admin.users.reactivated' : 'admin.users.deactivatedToast', {
              username: account.username,
            }),
            withdrawnLine(withdrawn),
          );
          done();
        },
        onError: fail,
      },
    );

  const remove = (account: UserAccount, withdrawn: number) =>
    removal.mutate(account.id, {
      onSuccess() {
        toast.success(
          t('admin.users.deleted', { username: account.username }),
          withdrawnLine(withdrawn),
        );
        done();
      },
      onError: fail,
    });

  const resetTwoFactor = (account: UserAccount) =>
    reset.mutate(account.id, {
      onSuccess() {
        toast.success(t('admin.users.twoFactorReset', { username: account.username }));
        done();
      },
      onError: fail,
    });

  /**
   * Every new role is asked about before it is written: browsers fire a change
   * for each option an arrow key passes in a closed picker. Cancel leaves the
   * picker on the stored role.
   */
  const chooseRole = (account: UserAccount, role: Role) => {
    const withdrawn = mayInvite({ ...account, role }) ? 0 : sentBy(account);
    setQuestion({ kind: 'role', account, role, withdrawn });
  };

  const answer = (q: Question) => {
    if (q.kind === 'role') setRole(q.account, q.role, q.withdrawn);
    else if (q.kind === 'deactivate') setActive(q.account, false, q.withdrawn);
    else if (q.kind === 'resetTwoFactor') resetTwoFactor(q.account);
    else remove(q.account, q.withdrawn);
  };

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
            onRole={(role) => chooseRole(account, role)}
            onActive={(active) =>
              active
                ? setActive(account, true)
                : setQuestion({ kind: 'deactivate', account, withdrawn: sentBy(account) })
            }
            onDelete={() => setQuestion({ kind: 'delete', account, withdrawn: sentBy(account) })}
            onResetTwoFactor={() => setQuestion({ kind: 'resetTwoFactor', account, withdrawn: 0 })}
          />
        ))}
      </ul>
      {question && (
        <AccountQuestion
          question={question}
          busy={update.isPending || removal.isPending || reset.isPending}
          onCancel={done}
          onConfirm={() => answer(question)}
        />
      )}
    </section>
  );
}
