import { useTranslation } from 'react-i18next';
import { NewPasswordSchema, PASSWORD_MIN_LENGTH } from '#shared/auth';
import { Field, fieldAria } from '../../../../components/Field';
import { PasswordInput } from '../PasswordInput';

export type NewPassword = { password: string; confirm: string };
export type NewPasswordErrors = Partial<Record<keyof NewPassword, string>>;

/** The password rules (shared/auth.ts), and the two entries alike; the errors, or none. */
export function checkNewPassword(
  value: NewPassword,
  t: (key: string) => string,
): NewPasswordErrors {
  const parsed = NewPasswordSchema.safeParse(value.password);
  if (!parsed.success) return { password: t(parsed.error.issues[0]!.message) };
  if (value.confirm !== value.password) return { confirm: t('admin.account.passwordsDiffer') };
  return {};
}

type Props = {
  idPrefix: string;
  value: NewPassword;
  errors: NewPasswordErrors;
  onChange: (value: NewPassword) => void;
};

/** A new password, typed twice, with its rules as a hint. */
export function NewPasswordFields({ idPrefix, value, errors, onChange }: Props) {
  const { t } = useTranslation();
  const hint = t('login.reset.passwordHint', { min: PASSWORD_MIN_LENGTH });
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <>
      <Field
        id={id('password')}
        label={t('admin.account.newPassword')}
        hint={hint}
        error={errors.password}
      >
        <PasswordInput
          {...fieldAria(id('password'), { hint, error: errors.password })}
          autoComplete="new-password"
          value={value.password}
          onChange={(e) => onChange({ ...value, password: e.target.value })}
        />
      </Field>
      <Field id={id('confirm')} label={t('admin.account.confirmPassword')} error={errors.confirm}>
        <PasswordInput
          {...fieldAria(id('confirm'), { error: errors.confirm })}
          autoComplete="new-password"
          value={value.confirm}
          onChange={(e) => onChange({ ...value, confirm: e.target.value })}
        />
      </Field>
    </>
  );
}
