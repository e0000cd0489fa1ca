import { KeyRound, Smartphone } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { button, label } from '../../../lib/ui';
import type { Login } from '../hooks/useLogin';
import { CodeInput } from './CodeInput';
import { LoginProblem } from './LoginProblem';

/**
 * The sign-in's second step: the six-digit code from the authenticator app,
 * or (switched to) one of the recovery codes. Back leads to the password step.
 */
export function TwoFactorStep({ login }: { login: Login }) {
  const { t } = useTranslation();
  const { submitCode, busy, problem, clearProblem, restart } = login;
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const field = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitCode(code);
  };

  const switchKind = () => {
    setRecovery((r) => !r);
    setCode('');
    clearProblem();
    field.current?.focus();
  };

  const Icon = recovery ? Smartphone : KeyRound;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-labelledby="login-code-title"
      aria-describedby={problem ? 'login-problem' : undefined}
    >
      <div>
        <h2 id="login-code-title" className="text-base font-semibold text-slate-900">
          {t('login.twoFactor.title')}
        </h2>
        <p id="login-code-hint" className="mt-1 text-sm text-slate-600">
          {recovery ? t('login.twoFactor.recoveryHint') : t('login.twoFactor.hint')}
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="login-code" className={label}>
          {recovery ? t('login.twoFactor.recoveryLabel') : t('login.twoFactor.codeLabel')}
        </label>
        <CodeInput
          ref={field}
          id="login-code"
          name={recovery ? 'recovery-code' : 'code'}
          kind={recovery ? 'recovery' : 'app'}
          autoFocus
          required
          aria-describedby="login-code-hint"
          aria-invalid={problem ? true : undefined}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            clearProblem();
          }}
        />
      </div>
      <LoginProblem problem={problem} />
      <button type="submit" disabled={busy} className={`${button.primary} w-full py-2.5`}>
        {busy && <Spinner className="h-4 w-4" />}
        {busy ? t('login.submitting') : t('login.twoFactor.submit')}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button type="button" className={button.ghost} onClick={switchKind} disabled={busy}>
          <Icon aria-hidden="true" className="h-4 w-4" />
          {recovery ? t('login.twoFactor.useApp') : t('login.twoFactor.useRecovery')}
        </button>
        <button type="button" className={button.ghost} onClick={restart} disabled={busy}>
          {t('login.twoFactor.back')}
        </button>
      </div>
    </form>
  );
}
