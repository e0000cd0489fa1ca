import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../../../common/api';
import { toast } from '../../../../../common/toast';
import { Spinner } from '../../../../components/Spinner';
import { button } from '../../../../lib/ui';
import { useResetLinkQuery, useResetPassword } from '../../api/links.queries';
import { AuthCard } from '../AuthCard';
import { isVerdict, LinkProblem } from './LinkProblem';
import {
  checkNewPassword,
  NewPasswordFields,
  type NewPassword,
  type NewPasswordErrors,
} from './NewPasswordFields';
import { useLinkToken } from './useLinkToken';

/**
 * /login/reset#token: a new password from the e-mailed link. The link is
 * checked on opening, like an invitation's, so a used or expired one says so
 * at once instead of after the form. The new password signs the account out
 * everywhere; the sign-in after it still asks for the second factor when the
 * account has one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLinkToken();
  const link = useResetLinkQuery(token);
  const reset = useResetPassword();
  const [value, setValue] = useState<NewPassword>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [refused, setRefused] = useState<string | null>(null);
  // Once the password is saved the link is spent and the page is on its way to sign-in:
  // what the check would say now no longer matters.
  const saved = reset.isSuccess;
  const dead = !token ? t('apiErrors.resetLinkInvalid') : (refused ?? (saved ? null : failed()));
  const checking = !dead && (link.isPending || link.isFetching) && !saved;

  /**
   * Why the check turned the link away. A 400 is always a dead link: said in
   * the page's language (the server answers in its cookie's, and a browser
   * that only followed the e-mail's `?lang=` has none).
   */
  function failed(): string | null {
    if (!link.isError || link.isFetching) return null;
    if (isVerdict(link.error)) return t('apiErrors.resetLinkInvalid');
    return errorMessage(link.error, t, 'apiErrors.resetLinkInvalid');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkNewPassword(value, t);
    if (found.password || found.confirm) return setErrors(found);
    try {
      await reset.mutateAsync({ token, password: value.password });
      toast.success(t('login.reset.done'));
      navigate('/login', { replace: true, state: { notice: t('login.reset.signInNow') } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details?.password)
        return setErrors({ password: error.details.password });
      // Used or expired since the page opened: the same words as on opening.
      if (error instanceof ApiError && error.status === 400)
        return setRefused(t('apiErrors.resetLinkInvalid'));
      toast.failure(t, error, 'login.reset.failed');
    }
  }

  return (
    <AuthCard
      title={t('login.reset.title')}
      subtitle={dead || checking ? undefined : t('login.reset.subtitle')}
    >
      {dead ? (
        <LinkProblem
          message={dead}
          to="/login/forgot"
          action={t('login.reset.again')}
          retry={
            !refused && link.isError && !isVerdict(link.error)
              ? () => void link.refetch()
              : undefined
          }
        />
      ) : checking ? (
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-700">
          <Spinner className="h-4 w-4" />
          {t('login.reset.checking')}
        </p>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
          <NewPasswordFields
            idPrefix="reset"
            value={value}
            errors={errors}
            onChange={(v) => {
              setValue(v);
              setErrors({});
            }}
          />
          <button
            type="submit"
            disabled={reset.isPending}
            className={`${button.primary} w-full py-2.5`}
          >
            {reset.isPending && <Spinner className="h-4 w-4" />}
            {t('login.reset.save')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
