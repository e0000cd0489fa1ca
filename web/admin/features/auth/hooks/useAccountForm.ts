import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileUpdateSchema } from '#shared/auth';
import { ApiError } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { useUpdateProfile, type ProfileChanges } from '../api/account.queries';

export type AccountFields = {
  username: string;
  password: string;
  confirm: string;
  current_password: string;
};

export type AccountErrors = Partial<Record<keyof AccountFields, string>>;

/** Field order, for moving focus to the first one that needs attention. */
const ORDER: (keyof AccountFields)[] = ['username', 'password', 'confirm', 'current_password'];
export const fieldId = (name: keyof AccountFields) => `account-${name.replace('_', '-')}`;

/**
 * The account form: a new username and/or a new password (typed twice),
 * always confirmed with the current password. Checked here with the server's
 * own rules first; the server's refusals land on their fields. A new
 * password ends every other session: the form says so and keeps saying it.
 */
export function useAccountForm(currentUsername: string) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [fields, setFields] = useState<AccountFields>({
    username: currentUsername,
    password: '',
    confirm: '',
    current_password: '',
  });
  const [errors, setErrors] = useState<AccountErrors>({});
  const [passwordChanged, setPasswordChanged] = useState(false);

  const show = (found: AccountErrors) => {
    setErrors(found);
    const first = ORDER.find((name) => found[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const set = (name: keyof AccountFields, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  /** The changes to send, or what is wrong with the form. */
  function check(): { input: ProfileChanges } | { errors: AccountErrors } {
    const username = fields.username.trim();
    const input: ProfileChanges = {
      ...(username !== currentUsername && { username }),
      ...(fields.password !== '' && { password: fields.password }),
      current_password: fields.current_password,
    };
    if (input.username === undefined && input.password === undefined)
      return { errors: { username: t('admin.account.nothingToChange') } };
    const errors: AccountErrors = {};
    for (const issue of ProfileUpdateSchema.safeParse(input).error?.issues ?? []) {
      errors[issue.path[0] as keyof AccountFields] ??= t(issue.message);
    }
    if (input.password !== undefined && fields.confirm !== fields.password)
      errors.confirm = t('admin.account.passwordsDiffer');
    return Object.keys(errors).length ? { errors } : { input };
  }

  function submit() {
    const checked = check();
    if ('errors' in checked) return show(checked.errors);
    const { input } = checked;
    update.mutate(input, {
      onSuccess(user) {
        const newPassword = input.password !== undefined;
        setFields({ username: user.username, password: '', confirm: '', current_password: '' });
        setErrors({});
        setPasswordChanged((before) => before || newPassword);
        toast.success(
          t(newPassword ? 'admin.account.passwordChanged' : 'admin.account.saved'),
          newPassword ? t('admin.account.othersSignedOut') : undefined,
        );
      },
      onError(error) {
        toast.failure(t, error, 'admin.account.saveFailed');
        if (!(error instanceof ApiError)) return;
        if (error.status === 401) return show({ current_password: error.message });
        const details = (error.details ?? {}) as AccountErrors;
        show(Object.fromEntries(ORDER.filter((k) => details[k]).map((k) => [k, details[k]])));
      },
    });
  }

  return { fields, set, errors, submit, saving: update.isPending, passwordChanged };
}
