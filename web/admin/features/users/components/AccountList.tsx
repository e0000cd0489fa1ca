import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handlesEnquiries, mayInvite, type Role } from '#shared/roles';
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
 * lose the right to invite withdraws the invitations it sent, and one that
 * takes enquiries away from it (another role, deactivated, deleted) gives
 * its enquiries back to nobody: the question before it says how many open
 * enquiries it holds and how many invitations go, the toast after how many
 * of each went (the enquiries as the server counted them). An admin may reset a colleague's two-factor
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
  /** The open enquiries the account holds (GET /api/users counts them). */
  const heldBy = (account: UserAccount) => account.open_enquiries ?? 0;
  /** The toast's line for the open enquiries a change gave back and the invitations it withdrew, if any. */
  const detailsLine = (withdrawn: number, released: number) =>
    [
      released ? t('admin.users.enquiriesReleased', { count: released }) : '',
      withdrawn ? t('admin.users.invitationsWithdrawn', { count: withdrawn }) : '',
    ]
      .filter(Boolean)
      .join('; ') || undefined;
  const done = () => setQuestion(null);

  const setRole = (account: UserAccount, role: Role, withdrawn = 0) =>
    update.mutate(
      { id: account.id, role },
      {
        onSuccess(changed) {
          toast.success(
            t('admin.users.roleChanged', {
              username: account.username,
              role: t(`admin.users.roles.${role}`),
            }),
            detailsLine(withdrawn, changed.open_enquiries_released),
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
        onSuccess(changed) {
          toast.success(
            t(active ? 'admin.users.reactivated' : 'admin.users.deactivatedToast', {
              username: account.username,
            }),
            detailsLine(withdrawn, changed.open_enquiries_released),
          );
          done();
        },
        onError: fail,
      },
    );

  const remove = (account: UserAccount, withdrawn: number) =>
    removal.mutate(account.id, {
      onSuccess(deleted) {
        toast.success(
          t('admin.users.deleted', { username: account.username }),
          detailsLine(withdrawn, deleted.open_enquiries_released),
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
    const enquiries =
      handlesEnquiries(account) && !handlesEnquiries({ ...account, role }) ? heldBy(account) : 0;
    setQuestion({ kind: 'role', account, role, withdrawn, enquiries });
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
                : setQuestion({
                    kind: 'deactivate',
                    account,
                    withdrawn: sentBy(account),
                    enquiries: handlesEnquiries(account) ? heldBy(account) : 0,
                  })
            }
            onDelete={() =>
              setQuestion({
                kind: 'delete',
                account,
                withdrawn: sentBy(account),
                enquiries: heldBy(account),
              })
            }
            onResetTwoFactor={() =>
              setQuestion({ kind: 'resetTwoFactor', account, withdrawn: 0, enquiries: 0 })
            }
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
