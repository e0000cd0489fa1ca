import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PasswordResetRequestSchema } from '#shared/users';
import { toast } from '../../../../../common/toast';
import { EmailField } from '../../../../components/EmailField';
import { Spinner } from '../../../../components/Spinner';
import { button } from '../../../../lib/ui';
import { useRequestReset } from '../../api/links.queries';
import { AuthCard } from '../AuthCard';

/**
 * /login/forgot: asks for the account's address. The answer is the same
 * whether or not an account has it, so the page says what happens if one does.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = PasswordResetRequestSchema.safeParse({ email });
    if (!checked.success) {
      setError(t(checked.error.issues[0]!.message));
      document.getElementById('forgot-email')?.focus();
      return;
    }
    try {
      await request.mutateAsync(checked.data.email);
      setSentTo(checked.data.email);
    } catch (failure) {
      toast.failure(t, failure, 'login.reset.failed');
    }
  }

  return (
    <AuthCard title={t('login.reset.forgotTitle')} subtitle={t('login.reset.forgotSubtitle')}>
      {sentTo ? (
        <p
          role="status"
          className="rounded-md bg-sky-50 px-3 py-3 text-sm text-sky-950"
          data-testid="reset-sent"
        >
          {t('login.reset.sent', { email: sentTo })}
        </p>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
          <EmailField
            id="forgot-email"
            label={t('login.reset.email')}
            autoFocus
            error={error}
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(undefined);
            }}
          />
          <button
            type="submit"
            disabled={request.isPending}
            className={`${button.primary} w-full py-2.5`}
          >
            {request.isPending && <Spinner className="h-4 w-4" />}
            {t('login.reset.send')}
          </button>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="font-medium text-sky-800 underline hover:text-sky-950">
          {t('login.reset.back')}
        </Link>
      </p>
    </AuthCard>
  );
}
