import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { button, input, label } from '../../../lib/ui';
import { useLogin } from '../hooks/useLogin';
import { LoginProblem } from './LoginProblem';
import { PasswordInput } from './PasswordInput';
import { TwoFactorStep } from './TwoFactorStep';

export function LoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const { submit, busy, problem, clearProblem } = login;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Once the password is accepted, the page no longer holds it.
    if ((await submit({ username, password })) === 'code') setPassword('');
  };

  if (login.step === 'code') return <TwoFactorStep login={login} />;

  // Back from the code step (expired, or another account): the username stays, the password is asked again.
  const returning = username !== '';
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-4"
      aria-describedby={problem ? 'login-problem' : undefined}
    >
      <div className="space-y-1.5">
        <label htmlFor="login-username" className={label}>
          {t('login.username')}
        </label>
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={!returning}
          required
          value={username}
          onChange={(e) => {
            setUsername(e.target.value);
            clearProblem();
          }}
          className={input}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="login-password" className={label}>
          {t('login.password')}
        </label>
        <PasswordInput
          id="login-password"
          name="password"
          autoComplete="current-password"
          autoFocus={returning}
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            clearProblem();
          }}
        />
      </div>
      <LoginProblem problem={problem} />
      <button type="submit" disabled={busy} className={`${button.primary} w-full py-2.5`}>
        {busy && <Spinner className="h-4 w-4" />}
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
