import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '#shared/auth';
import { Field, fieldAria } from '../../../../components/Field';
import { Spinner } from '../../../../components/Spinner';
import { button } from '../../../../lib/ui';
import { CodeInput } from '../CodeInput';
import { SetupKey } from './SetupKey';

type Props = {
  setup: TwoFactorSetup;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal of the last code, shown on the field. */
  error: string | undefined;
  onErrorChange: (error: string | undefined) => void;
  onCancel: () => void;
  /** Six digits, checked for their shape. */
  onCode: (code: string) => void;
};

/**
 * A new key for the authenticator app (QR code and typed), confirmed with
 * the first code the app shows: setting up, and moving to a new device.
 */
export function NewKeyForm({
  setup,
  submitLabel,
  busy,
  error,
  onErrorChange,
  onCancel,
  onCode,
}: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) return onErrorChange(t('admin.twoFactor.codeFormat'));
    onCode(digits);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5 px-6 py-5">
      <SetupKey setup={setup} />
      <Field
        id="two-factor-code"
        label={t('admin.twoFactor.confirmCode')}
        hint={t('admin.twoFactor.confirmHint')}
        error={error}
      >
        <CodeInput
          {...fieldAria('two-factor-code', { error, hint: true })}
          kind="app"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            onErrorChange(undefined);
          }}
        />
      </Field>
      <div className="flex justify-end gap-3">
        <button type="button" className={button.secondary} onClick={onCancel} disabled={busy}>
          {t('admin.common.cancel')}
        </button>
        <button type="submit" className={button.primary} disabled={busy}>
          {busy && <Spinner className="h-4 w-4" />}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
