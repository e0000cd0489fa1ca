import { Info } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '#shared/auth';
import { Field, fieldAria } from '../../../../components/Field';
import { Spinner } from '../../../../components/Spinner';
import { button, card, input } from '../../../../lib/ui';
import { useStartupAccount } from '../../api/auth.queries';
import { fieldId, useAccountForm, type AccountFields } from '../../hooks/useAccountForm';
import { PasswordInput } from '../PasswordInput';

/**
 * Username and password of the signed-in admin, changed with the current
 * password. The account ADMIN_USERNAME names says under its username what
 * the Users page says before deleting it: the next start creates that
 * name again.
 */
export function AccountForm({ username }: { username: string }) {
  const { t } = useTranslation();
  const form = useAccountForm(username);
  const startup = useStartupAccount();
  const { fields, errors } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  const control = (name: keyof AccountFields, hint?: string) => ({
    ...fieldAria(fieldId(name), { hint, error: errors[name] }),
    name,
    value: fields[name],
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value),
  });

  const passwordHint = t('admin.account.passwordHint', { min: PASSWORD_MIN_LENGTH });
  const usernameHint = startup ? t('admin.users.confirm.startupAccount') : undefined;
  return (
    <section aria-labelledby="account-details-title" className={`${card} p-6`}>
      <h3 id="account-details-title" className="text-lg font-semibold text-slate-900">
        {t('admin.account.detailsTitle')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('admin.account.detailsHint')}</p>
      {form.passwordChanged && (
        <p
          role="status"
          className="mt-4 flex gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900"
        >
          <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {t('admin.account.othersSignedOut')}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          id={fieldId('username')}
          label={t('login.username')}
          hint={usernameHint}
          error={errors.username}
          className="sm:col-span-2"
        >
          <input
            {...control('username', usernameHint)}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            className={input}
          />
        </Field>
        <Field
          id={fieldId('password')}
          label={t('admin.account.newPassword')}
          hint={passwordHint}
          error={errors.password}
        >
          <PasswordInput {...control('password', passwordHint)} autoComplete="new-password" />
        </Field>
        <Field
          id={fieldId('confirm')}
          label={t('admin.account.confirmPassword')}
          error={errors.confirm}
        >
          <PasswordInput {...control('confirm')} autoComplete="new-password" />
        </Field>
        <Field
          id={fieldId('current_password')}
          label={t('admin.account.currentPassword')}
          required
          hint={t('admin.account.currentPasswordHint')}
          error={errors.current_password}
          className="sm:col-span-2"
        >
          <PasswordInput
            {...control('current_password', t('admin.account.currentPasswordHint'))}
            autoComplete="current-password"
            required
          />
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" className={button.primary} disabled={form.saving}>
            {form.saving && <Spinner className="h-4 w-4" />}
            {form.saving ? t('admin.form.saving') : t('admin.account.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
