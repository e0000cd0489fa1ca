import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoginSchema } from '#shared/auth';
import { ApiError } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { useLoginMutation, useLogoutMutation, type Credentials } from '../api/auth.queries';

/**
 * The login flow of the spec: both fields required, only admins get in, the
 * server's message on failure (429 included), else a generic one. Signing in
 * clears the error toasts of earlier attempts, which would cover the header.
 */
export function useLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useLoginMutation();
  const signOut = useLogoutMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const fail = (message: string) => {
    setProblem(message);
    toast.error(t, message);
  };

  async function submit(credentials: Credentials) {
    if (!LoginSchema.safeParse(credentials).success) return fail(t('login.required'));
    setProblem(null);
    try {
      const user = await signIn.mutateAsync({
        username: credentials.username.trim(),
        password: credentials.password,
      });
      if (!user.is_admin) {
        await signOut.mutateAsync();
        return fail(t('login.accessDenied'));
      }
      toast.dismissAll();
      toast.success(t('login.success'));
      navigate('/admin', { replace: true });
    } catch (error) {
      fail(error instanceof ApiError && !error.key ? error.message : t('login.failed'));
    }
  }

  return {
    submit,
    busy: signIn.isPending || signOut.isPending,
    problem,
    clearProblem: () => setProblem(null),
  };
}
