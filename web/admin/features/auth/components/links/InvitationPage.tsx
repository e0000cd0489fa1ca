import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../../../common/api';
import { Spinner } from '../../../../components/Spinner';
import { button } from '../../../../lib/ui';
import { useInvitationQuery } from '../../api/links.queries';
import { TwoFactorSetupDialog } from '../account/TwoFactorSetupDialog';
import { AuthCard } from '../AuthCard';
import { AcceptInvitationForm } from './AcceptInvitationForm';
import { isVerdict, LinkProblem } from './LinkProblem';
import { useLinkToken } from './useLinkToken';

/**
 * /login/invitation#token: what the invitation offers, then a username and
 * password; the new account is signed in and may turn on two-factor
 * sign-in at once, or later from its account page.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLinkToken();
  const invitation = useInvitationQuery(token);
  const [joined, setJoined] = useState<string | null>(null);
  const [securing, setSecuring] = useState(false);
  const enter = () => navigate('/admin', { replace: true });

  if (joined) {
    return (
      <AuthCard title={t('login.invitation.welcome', { username: joined })}>
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t('login.invitation.secure')}</p>
          <button
            type="button"
            className={`${button.primary} w-full`}
            onClick={() => setSecuring(true)}
          >
            {t('login.invitation.secureNow')}
          </button>
          <button type="button" className={`${button.secondary} w-full`} onClick={enter}>
            {t('login.invitation.later')}
          </button>
        </div>
        {securing && <TwoFactorSetupDialog username={joined} onClose={enter} />}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.invitation.title')}>
      {!token || (invitation.isError && !invitation.isFetching) ? (
        <LinkProblem
          message={
            invitation.isError
              ? errorMessage(invitation.error, t, 'apiErrors.invitationInvalid')
              : t('apiErrors.invitationInvalid')
          }
          to="/login"
          action={t('login.reset.back')}
          retry={
            invitation.isError && !isVerdict(invitation.error)
              ? () => void invitation.refetch()
              : undefined
          }
        />
      ) : invitation.isSuccess ? (
        <>
          <p className="mb-4 text-sm text-slate-700" data-testid="invitation-offer">
            {t('login.invitation.offer', {
              role: t(`admin.users.roles.${invitation.data.role}`),
              email: invitation.data.email,
            })}
          </p>
          <AcceptInvitationForm token={token} onJoined={setJoined} />
        </>
      ) : (
        // The first check, or another after a failure to ask.
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-700">
          <Spinner className="h-4 w-4" />
          {t('login.invitation.checking')}
        </p>
      )}
    </AuthCard>
  );
}
