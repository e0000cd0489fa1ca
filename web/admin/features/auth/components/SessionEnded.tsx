import { useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { User } from '#shared/auth';
import { toast } from '../../../../common/toast';
import { LeaveQuestion } from '../../../components/LeaveQuestion';
import { Modal } from '../../../components/Modal';
import { hasUnsavedWork, leavePage, useUnsavedWork } from '../../../hooks/useLeaveGuard';
import { copyText } from '../../../lib/clipboard';
import { button } from '../../../lib/ui';
import { authKeys, logout } from '../api/auth.queries';
import type { EndedSession } from '../hooks/useAdminSession';
import { loginFor } from '../hooks/useNextPage';
import { LoginForm } from './LoginForm';

/**
 * The server ended the session (its lifetime, a sign-out from another
 * device, an administrator) while the page held unsaved work: the sign-in
 * in place (SessionEndedDialog), or, once put away to read or copy that
 * work, a notice that offers it again (a refused save does too).
 */
export function SessionEnded({ ended }: { ended: EndedSession }) {
  return ended.shown ? <SessionEndedDialog ended={ended} /> : <SessionEndedNotice ended={ended} />;
}

/** Over the page, in place of the session's end: what the page shows while the sign-in is put away. */
function SessionEndedNotice({ ended }: { ended: EndedSession }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="session-ended-title"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-6 py-5 text-amber-950"
      data-testid="admin-session-ended"
    >
      <h2 id="session-ended-title" className="text-lg font-semibold">
        {t('admin.sessionEnded.title')}
      </h2>
      <p className="mt-1 text-sm">{t('admin.sessionEnded.notice')}</p>
      <button type="button" className={`${button.primary} mt-4`} onClick={ended.show}>
        {t('admin.sessionEnded.signInAgain')}
      </button>
    </section>
  );
}

/**
 * "Your session has ended": the sign-in (username, password, then the
 * code when the account has two-factor sign-in on, with the login page's
 * checks and messages) without leaving the page. Signed in again as the
 * same account, the page goes on and its work can be saved as before.
 * Signed in as another account, the page's work is not theirs to save: the
 * dashboard loads again as theirs, once the leave question is answered
 * (or the first account signs in again). "Sign in on the login page" goes
 * there, through the same question.
 */
function SessionEndedDialog({ ended }: { ended: EndedSession }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const client = useQueryClient();
  // Another account signed in over the page.
  const [other, setOther] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const signedIn = async (user: User) => {
    if (user.username !== ended.username) return setOther(user.username);
    // The profile first: the page is no longer refused before it stops waiting for the sign-in.
    await client.refetchQueries({ queryKey: authKeys.profile });
    const profile = client.getQueryState(authKeys.profile);
    if (profile?.status !== 'success') throw profile?.error ?? new Error('No profile');
    // What the ended session could not load is asked again; what was typed stays.
    void client.invalidateQueries();
    toast.success(t('admin.sessionEnded.resumed'));
    ended.resumed();
  };

  const toLoginPage = () =>
    // Not LEAVE_UNASKED: the page's unsaved work is asked about first (LeaveBlocker). Signed in
    // there, the admin comes back to this page.
    navigate(loginFor(pathname + search), {
      replace: true,
      state: { signedOut: true, sessionEnded: true },
    });

  const asOther = () => (hasUnsavedWork() ? setLeaving(true) : leavePage('/admin'));

  const signInAgain = async () => {
    await logout();
    setOther(null);
  };

  return (
    <>
      <Modal
        title={t('admin.sessionEnded.title')}
        description={
          other === null
            ? t('admin.sessionEnded.message')
            : t('admin.sessionEnded.otherAccount', { username: other, previous: ended.username })
        }
        onClose={ended.hide}
        size="sm"
        // Under another account, the page can only be left or signed in to again as its own.
        closable={other === null}
      >
        <div className="px-6 py-5">
          {other === null ? (
            <>
              <LoginForm username={ended.username} onSignedIn={signedIn} />
              <p className="mt-4 text-center text-sm">
                <button
                  type="button"
                  className="font-medium text-sky-800 underline hover:text-sky-950"
                  onClick={toLoginPage}
                >
                  {t('admin.sessionEnded.loginPage')}
                </button>
              </p>
            </>
          ) : (
            <OtherAccount
              username={other}
              previous={ended.username}
              onContinue={asOther}
              onSignInAgain={() => void signInAgain()}
            />
          )}
        </div>
      </Modal>
      {leaving && (
        <LeaveQuestion onStay={() => setLeaving(false)} onLeave={() => leavePage('/admin')} />
      )}
    </>
  );
}

/** Signed in as another account over the page: its work to copy, then theirs, or the first again. */
function OtherAccount({
  username,
  previous,
  onContinue,
  onSignInAgain,
}: {
  username: string;
  previous: string;
  onContinue: () => void;
  onSignInAgain: () => void;
}) {
  const { t } = useTranslation();
  const work = useUnsavedWork();
  const next = useRef<HTMLButtonElement>(null);
  // It replaces the sign-in form that had the focus.
  useEffect(() => next.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3">
      {work.unsaved && (
        <button
          type="button"
          className={button.secondary}
          onClick={() => void copyText(work.text(), t)}
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          {t('admin.sessionEnded.copy')}
        </button>
      )}
      <button type="button" className={button.secondary} onClick={onSignInAgain}>
        {t('admin.sessionEnded.signInAs', { username: previous })}
      </button>
      <button type="button" ref={next} className={button.primary} onClick={onContinue}>
        {t('admin.sessionEnded.continueAs', { username })}
      </button>
    </div>
  );
}
