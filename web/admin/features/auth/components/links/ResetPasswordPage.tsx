import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../../../common/api';
import { toast } from '../../../../../common/toast';
import { Spinner } from '../../../../components/Spinner';
import { button } from '../../../../lib/ui';
import { useResetPassword } from '../../api/links.queries';
import { AuthCard } from '../AuthCard';
import { LinkProblem } from './LinkProblem';
import {
  checkNewPassword,
  NewPasswordFields,
  type NewPassword,
  type NewPasswordErrors,
} from './NewPasswordFields';
import { useLinkToken } from './useLinkToken';

/**
 * /login/reset#token: a new password from the e-mailed link. It signs the
 * account out everywhere; the sign-in after it still asks for the second
 * factor when the account has one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useLinkToken();
  const reset = useResetPassword();
  const [value, setValue] = useState<NewPassword>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [dead, setDead] = useState<string | null>(token ? null : t('apiErrors.resetLinkInvalid'));

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
      if (error instanceof ApiError && error.status === 400) return setDead(error.message);
      toast.failure(t, error, 'login.reset.failed');
    }
  }

  return (
    <AuthCard
      title={t('login.reset.title')}
      subtitle={dead ? undefined : t('login.reset.subtitle')}
    >
      {dead ? (
        <LinkProblem message={dead} to="/login/forgot" action={t('login.reset.again')} />
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
