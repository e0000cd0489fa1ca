import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailChangeSchema } from '#shared/users';
import { ApiError } from '../../../../../common/api';
import { toast } from '../../../../../common/toast';
import { EmailField } from '../../../../components/EmailField';
import { Field, fieldAria } from '../../../../components/Field';
import { Spinner } from '../../../../components/Spinner';
import { button, card } from '../../../../lib/ui';
import { useProfileDetailsQuery } from '../../api/auth.queries';
import { useRequestEmail } from '../../api/links.queries';
import { PasswordInput } from '../PasswordInput';

type Errors = Partial<Record<'email' | 'current_password', string>>;

/**
 * The account's e-mail address (where a password reset goes). A new one is
 * confirmed through a link sent to it, and counts only from then on.
 */
export function AccountEmail() {
  const { t } = useTranslation();
  const profile = useProfileDetailsQuery();
  const request = useRequestEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const current = profile.data?.email ?? null;
  const pending = profile.data?.pending_email ?? null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = EmailChangeSchema.safeParse({ email, current_password: password });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues)
        found[issue.path[0] as keyof Errors] ??= t(issue.message);
      return setErrors(found);
    }
    try {
      const { pending_email } = await request.mutateAsync(checked.data);
      setEmail('');
      setPassword('');
      setErrors({});
      toast.success(t('admin.account.email.sent', { email: pending_email }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        setErrors({ current_password: error.message });
      else if (error instanceof ApiError && error.details) setErrors(error.details as Errors);
      toast.failure(t, error, 'admin.account.email.failed');
    }
  }

  return (
    <section aria-labelledby="account-email-title" className={`${card} p-6`}>
      <h3 id="account-email-title" className="text-lg font-semibold text-slate-900">
        {t('admin.account.email.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('admin.account.email.hint')}</p>
      <p className="mt-3 text-sm text-slate-900" data-testid="account-email">
        {current
          ? t('admin.account.email.current', { email: current })
          : t('admin.account.email.none')}
      </p>
      {pending && (
        <p
          role="status"
          className="mt-3 flex gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900"
        >
          <MailCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {t('admin.account.email.pending', { email: pending })}
        </p>
      )}
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <EmailField
          id="account-new-email"
          label={t('admin.account.email.new')}
          error={errors.email}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setErrors((x) => ({ ...x, email: undefined }));
          }}
        />
        <Field
          id="account-email-password"
          label={t('admin.account.currentPassword')}
          error={errors.current_password}
        >
          <PasswordInput
            {...fieldAria('account-email-password', { error: errors.current_password })}
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors((x) => ({ ...x, current_password: undefined }));
            }}
          />
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" className={button.primary} disabled={request.isPending}>
            {request.isPending && <Spinner className="h-4 w-4" />}
            {t('admin.account.email.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
