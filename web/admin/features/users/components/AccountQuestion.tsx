import { useTranslation } from 'react-i18next';
import { mayInvite, type Role } from '#shared/roles';
import type { UserAccount } from '#shared/users';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/**
 * A change to an account that is asked first: deactivation, deletion, a
 * new role, or a reset of its two-factor sign-in.
 * `withdrawn` counts the invitations the account sent that the server
 * withdraws with the change (decision 030, amended); `enquiries` the open
 * enquiries it holds that go back to nobody (a change that takes
 * enquiries away from it, decision 032), else 0. Deleting the account
 * the server's ADMIN_USERNAME names (`startup_account`) says that the next
 * start creates it again.
 */
export type Question =
  | { kind: 'deactivate' | 'delete'; account: UserAccount; withdrawn: number; enquiries: number }
  | { kind: 'role'; account: UserAccount; role: Role; withdrawn: number; enquiries: number }
  | { kind: 'resetTwoFactor'; account: UserAccount; withdrawn: 0; enquiries: 0 };

type Props = {
  question: Question;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before `question`'s change, saying how many enquiries go back and invitations it withdraws. */
export function AccountQuestion({ question, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const { username } = question.account;
  const asked =
    question.kind === 'role'
      ? t(
          // A role that takes away the right to invite says so.
          mayInvite(question.account) && !mayInvite({ ...question.account, role: question.role })
            ? 'admin.users.confirm.role'
            : 'admin.users.confirm.roleChange',
          { username, role: t(`admin.users.roles.${question.role}`) },
        )
      : t(`admin.users.confirm.${question.kind}`, { username });
  const released = question.enquiries
    ? ` ${t('admin.users.confirm.releases', { username, count: question.enquiries })}`
    : '';
  const withdrawn = question.withdrawn
    ? ` ${t('admin.users.confirm.withdraws', { count: question.withdrawn })}`
    : '';
  const comesBack =
    question.kind === 'delete' && question.account.startup_account
      ? ` ${t('admin.users.confirm.startupAccount')}`
      : '';
  const label = {
    role: t('admin.users.changeRole'),
    deactivate: t('admin.users.deactivate'),
    delete: t('admin.common.delete'),
    resetTwoFactor: t('admin.users.resetTwoFactor'),
  }[question.kind];
  return (
    <ConfirmDialog
      message={asked + released + withdrawn + comesBack}
      confirmLabel={label}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
