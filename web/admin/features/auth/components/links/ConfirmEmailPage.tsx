import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../../../common/api';
import { Spinner } from '../../../../components/Spinner';
import { button } from '../../../../lib/ui';
import { useConfirmEmail } from '../../api/links.queries';
import { AuthCard } from '../AuthCard';
import { LinkProblem } from './LinkProblem';
import { useLinkToken } from './useLinkToken';

/** /login/confirm-email#token: the new address becomes the account's (no sign-in needed). */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // A link works once: asked once, even when an effect runs twice.
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <AuthCard title={t('login.confirmEmail.title')}>
      {!token || confirm.isError ? (
        <LinkProblem
          message={
            confirm.isError
              ? errorMessage(confirm.error, t, 'apiErrors.emailLinkInvalid')
              : t('apiErrors.emailLinkInvalid')
          }
          to="/admin/account"
          action={t('login.confirmEmail.account')}
        />
      ) : confirm.isSuccess ? (
        <div className="space-y-4 text-center">
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
            {t('login.confirmEmail.done', { email: confirm.data.email })}
          </p>
          <Link to="/admin/account" className={`${button.primary} w-full`}>
            {t('login.confirmEmail.account')}
          </Link>
        </div>
      ) : (
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-700">
          <Spinner className="h-4 w-4" />
          {t('login.confirmEmail.checking')}
        </p>
      )}
    </AuthCard>
  );
}
