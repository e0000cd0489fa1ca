import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TwoFactorDisableSchema } from '#shared/auth';
import { ApiError } from '../../../../../common/api';
import { toast } from '../../../../../common/toast';
import { Field, fieldAria } from '../../../../components/Field';
import { Modal } from '../../../../components/Modal';
import { Spinner } from '../../../../components/Spinner';
import { button } from '../../../../lib/ui';
import { useDisableTwoFactor } from '../../api/account.queries';
import { CodeInput } from '../CodeInput';
import { PasswordInput } from '../PasswordInput';

type Errors = { password?: string; code?: string };

/** Turning two-factor sign-in off: the password and a code (from the app, or a recovery code). */
export function TwoFactorOffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const show = (found: Errors) => {
    setErrors(found);
    const first = found.password ? 'two-factor-off-password' : 'two-factor-off-code';
    document.getElementById(first)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TwoFactorDisableSchema.safeParse({ password, code });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues)
        found[issue.path[0] as keyof Errors] ??= t(issue.message);
      return show(found);
    }
    disable.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('admin.twoFactor.turnedOff'));
        onClose();
      },
      onError: (error) => {
        toast.failure(t, error, 'admin.twoFactor.disableFailed');
        if (!(error instanceof ApiError) || error.key) return;
        if (error.details)
          return show({ password: error.details.password, code: error.details.code });
        if (error.status !== 401) return;
        // The server checks the password first; any other 401 is about the code.
        const wrongPassword = error.message === t('apiErrors.wrongPassword');
        show(wrongPassword ? { password: error.message } : { code: error.message });
      },
    });
  };

  return (
    <Modal
      title={t('admin.twoFactor.offTitle')}
      description={t('admin.twoFactor.offIntro')}
      onClose={onClose}
      size="sm"
      busy={disable.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4 px-6 py-5">
        <Field
          id="two-factor-off-password"
          label={t('admin.account.currentPassword')}
          error={errors.password}
        >
          <PasswordInput
            {...fieldAria('two-factor-off-password', { error: errors.password })}
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
          />
        </Field>
        <Field
          id="two-factor-off-code"
          label={t('admin.twoFactor.offCode')}
          hint={t('admin.twoFactor.offCodeHint')}
          error={errors.code}
        >
          <CodeInput
            {...fieldAria('two-factor-off-code', { error: errors.code, hint: true })}
            kind="any"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setErrors((x) => ({ ...x, code: undefined }));
            }}
          />
        </Field>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            className={button.secondary}
            onClick={onClose}
            disabled={disable.isPending}
          >
            {t('admin.common.cancel')}
          </button>
          <button type="submit" className={button.danger} disabled={disable.isPending}>
            {disable.isPending && <Spinner className="h-4 w-4" />}
            {t('admin.twoFactor.turnOff')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
