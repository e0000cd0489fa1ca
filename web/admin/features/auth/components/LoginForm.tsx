import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { button, input, label } from '../../../lib/ui';
import { useLogin } from '../hooks/useLogin';
import { PasswordInput } from './PasswordInput';

export function LoginForm() {
  const { t } = useTranslation();
  const { submit, busy, problem, clearProblem } = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ username, password });
  };

  return (
    <form
      onSubmit={onSubmit}
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
          autoFocus
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
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            clearProblem();
          }}
        />
      </div>
      {problem && (
        <p id="login-problem" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      <button type="submit" disabled={busy} className={`${button.primary} w-full py-2.5`}>
        {busy && <Spinner className="h-4 w-4" />}
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
