import { RotateCw, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/date-time';
import { pickLanguage } from '#shared/languages';
import type { Invitation, InvitationSent } from '#shared/users';
import { toast } from '../../../../common/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowAction } from '../../../components/RowAction';
import { button, card } from '../../../lib/ui';
import { useResendInvitation, useWithdrawInvitation } from '../api/users.queries';

type Props = { invitations: Invitation[]; onSent: (sent: InvitationSent) => void };

/** Invitations not accepted yet: send again (a new link) or withdraw. */
export function InvitationList({ invitations, onSent }: Props) {
  const { t, i18n } = useTranslation();
  const language = pickLanguage(i18n.language);
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const [toWithdraw, setToWithdraw] = useState<Invitation | null>(null);
  const pendingId = resend.isPending
    ? resend.variables
    : withdraw.isPending
      ? withdraw.variables
      : null;

  const sendAgain = (invitation: Invitation) =>
    resend.mutate(invitation.id, {
      onSuccess(sent) {
        toast.success(
          sent.invitation_url
            ? t('admin.users.invite.created', { email: sent.email })
            : t('admin.users.invite.sent', { email: sent.email }),
        );
        onSent(sent);
      },
      onError: (error) => toast.failure(t, error, 'admin.users.invite.failed'),
    });

  return (
    <section aria-labelledby="invitations-title" className={`${card} p-6`}>
      <h3 id="invitations-title" className="text-lg font-semibold text-slate-900">
        {t('admin.users.invitations.title', { count: invitations.length })}
      </h3>
      {invitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('admin.users.invitations.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="invitations">
          {invitations.map((invitation) => {
            const name = <span className="sr-only">: {invitation.email}</span>;
            return (
              <li
                key={invitation.id}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{invitation.email}</p>
                  <p className="text-sm text-slate-600">
                    {t(`admin.users.roles.${invitation.role}`)} ·{' '}
                    {t('admin.users.invitations.language', {
                      language: t(`language.names.${invitation.language}`),
                    })}{' '}
                    ·{' '}
                    {invitation.expired ? (
                      <span className="font-medium text-amber-800">
                        {t('admin.users.invitations.expired')}
                      </span>
                    ) : (
                      t('admin.users.invitations.expires', {
                        date: formatDateTime(invitation.expires_at, language),
                      })
                    )}
                    {invitation.invited_by &&
                      ` · ${t('admin.users.invitations.by', { username: invitation.invited_by })}`}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <RowAction
                    pending={pendingId === invitation.id}
                    className={button.ghost}
                    onClick={() => sendAgain(invitation)}
                  >
                    <RotateCw aria-hidden="true" className="h-4 w-4" />
                    {t('admin.users.invitations.resend')}
                    {name}
                  </RowAction>
                  <RowAction
                    pending={pendingId === invitation.id}
                    className={button.ghostDanger}
                    onClick={() => setToWithdraw(invitation)}
                  >
                    <X aria-hidden="true" className="h-4 w-4" />
                    {t('admin.users.invitations.withdraw')}
                    {name}
                  </RowAction>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {toWithdraw && (
        <ConfirmDialog
          message={t('admin.users.invitations.confirmWithdraw', { email: toWithdraw.email })}
          confirmLabel={t('admin.users.invitations.withdraw')}
          busy={withdraw.isPending}
          onCancel={() => setToWithdraw(null)}
          onConfirm={() =>
            withdraw.mutate(toWithdraw.id, {
              onSuccess() {
                toast.success(t('admin.users.invitations.withdrawn'));
                setToWithdraw(null);
              },
              onError: (error) => toast.failure(t, error, 'admin.users.failed'),
            })
          }
        />
      )}
    </section>
  );
}
