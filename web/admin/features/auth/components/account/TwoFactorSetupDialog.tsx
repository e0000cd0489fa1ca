import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '#shared/auth';
import { ApiError } from '../../../../../common/api';
import { toast } from '../../../../../common/toast';
import { Field, fieldAria } from '../../../../components/Field';
import { Modal } from '../../../../components/Modal';
import { Spinner } from '../../../../components/Spinner';
import { button } from '../../../../lib/ui';
import { useEnableTwoFactor, useStartTwoFactor } from '../../api/account.queries';
import { PasswordInput } from '../PasswordInput';
import { RecoveryCodes } from './RecoveryCodes';
import { NewKeyForm } from './NewKeyForm';

type Stage =
  | { name: 'password' }
  | { name: 'scan'; setup: TwoFactorSetup }
  | { name: 'codes'; codes: string[] };

const STEP = { password: 1, scan: 2, codes: 3 } as const;

/**
 * Turning two-factor sign-in on: the password, then the key (QR code and
 * typed) confirmed with a first code, then the recovery codes, which the
 * dialog will not let go of until the admin says they are stored.
 */
export function TwoFactorSetupDialog({
  username,
  onClose,
}: {
  username: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const [stage, setStage] = useState<Stage>({ name: 'password' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);

  const refused = (error: unknown, fallbackKey: string) => {
    toast.failure(t, error, fallbackKey);
    setError(error instanceof ApiError && !error.key ? error.message : t(fallbackKey));
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('validation.currentPassword.required'));
    start.mutate(password, {
      onSuccess: (setup) => {
        setPassword('');
        setError(undefined);
        setStage({ name: 'scan', setup });
      },
      onError: (e) => refused(e, 'admin.twoFactor.setupFailed'),
    });
  };

  const submitCode = (digits: string) => {
    enable.mutate(digits, {
      onSuccess: (codes) => {
        setError(undefined);
        setStage({ name: 'codes', codes });
        toast.success(t('admin.twoFactor.turnedOn'));
      },
      onError: (e) => {
        // The server forgot the key (set up elsewhere since): start again from the password.
        if (e instanceof ApiError && e.status === 409) setStage({ name: 'password' });
        refused(e, 'admin.twoFactor.setupFailed');
      },
    });
  };

  const close = () => {
    if (stage.name !== 'codes' || saved) return onClose();
    setUnconfirmed(true);
    document.getElementById('recovery-saved')?.focus();
  };

  const busy = start.isPending || enable.isPending;
  return (
    <Modal
      title={t('admin.twoFactor.setupTitle')}
      description={t('admin.twoFactor.step', { step: STEP[stage.name], steps: 3 })}
      onClose={close}
      busy={busy}
    >
      {stage.name === 'password' && (
        <form onSubmit={submitPassword} noValidate className="space-y-4 px-6 py-5">
          <p className="text-sm text-slate-700">{t('admin.twoFactor.passwordIntro')}</p>
          <Field id="two-factor-password" label={t('admin.account.currentPassword')} error={error}>
            <PasswordInput
              {...fieldAria('two-factor-password', { error })}
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <Actions busy={busy} label={t('admin.twoFactor.continue')} onCancel={close} />
        </form>
      )}
      {stage.name === 'scan' && (
        <NewKeyForm
          setup={stage.setup}
          submitLabel={t('admin.twoFactor.turnOn')}
          busy={busy}
          error={error}
          onErrorChange={setError}
          onCancel={close}
          onCode={submitCode}
        />
      )}
      {stage.name === 'codes' && (
        <RecoveryCodes
          codes={stage.codes}
          username={username}
          saved={saved}
          onSavedChange={setSaved}
          unconfirmed={unconfirmed}
          onDone={close}
        />
      )}
    </Modal>
  );
}

function Actions({
  busy,
  label,
  onCancel,
}: {
  busy: boolean;
  label: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-3">
      <button type="button" className={button.secondary} onClick={onCancel} disabled={busy}>
        {t('admin.common.cancel')}
      </button>
      <button type="submit" className={button.primary} disabled={busy}>
        {busy && <Spinner className="h-4 w-4" />}
        {label}
      </button>
    </div>
  );
}
