import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoginSchema } from '#shared/auth';
import { ApiError } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { login, type Credentials } from '../api/login';
import { logout } from '../api/logout';

/**
 * The login flow of the spec: both fields required, only admins get in, the
 * server's message on failure (429 included), else a generic one.
 */
export function useLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const fail = (message: string) => {
    setProblem(message);
    toast.error(t('errors.title'), message);
  };

  async function submit(credentials: Credentials) {
    if (!LoginSchema.safeParse(credentials).success) return fail(t('login.required'));
    setBusy(true);
    setProblem(null);
    try {
      const user = await login({
        username: credentials.username.trim(),
        password: credentials.password,
      });
      if (!user.is_admin) {
        await logout();
        return fail(t('login.accessDenied'));
      }
      toast.success(t('login.success'));
      navigate('/admin', { replace: true });
    } catch (error) {
      fail(error instanceof ApiError && !error.key ? error.message : t('login.failed'));
    } finally {
      setBusy(false);
    }
  }

  return { submit, busy, problem, clearProblem: () => setProblem(null) };
}
