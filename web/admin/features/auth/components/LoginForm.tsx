import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { button, input, label } from '../../../lib/ui';
import { useLogin, type LoginOptions } from '../hooks/useLogin';
import { LoginProblem } from './LoginProblem';
import { PasswordInput } from './PasswordInput';
import { TwoFactorStep } from './TwoFactorStep';

type Props = LoginOptions & {
  /** The username to start from (signing in again as the account whose session ended). */
  username?: string;
};

/**
 * The sign-in: username and password, then the code when the account has
 * two-factor sign-in on. On the login page, and in place over a page whose
 * session ended (`onSignedIn`, SessionEndedDialog), where the field that
 * takes the focus is the dialog's first (`data-autofocus`).
 */
export function LoginForm({ username: known = '', onSignedIn }: Props) {
  const { t } = useTranslation();
  const login = useLogin({ onSignedIn });
  const { submit, busy, problem, clearProblem } = login;
  const [username, setUsername] = useState(known);
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
          data-autofocus={!returning || undefined}
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
          data-autofocus={returning || undefined}
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
