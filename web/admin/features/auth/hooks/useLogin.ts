import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoginSchema, TwoFactorCodeSchema, type User } from '#shared/auth';
import { ApiError } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import {
  useLoginMutation,
  useLogoutMutation,
  useTwoFactorLoginMutation,
  type Credentials,
} from '../api/auth.queries';
import { useOpenInAccountLanguage } from './useAccountLanguage';
import { useNextPage } from './useNextPage';

export type LoginStep = 'password' | 'code';

/** How long the server waits for the second factor after the password (5 minutes). */
export const CODE_WINDOW_MS = 5 * 60 * 1000;

export type LoginOptions = {
  /**
   * Signing in again in place, over a page whose session ended
   * (SessionEndedDialog): the page and what it loaded stay, and this is
   * called with the admin instead of going to the admin page asked for (the
   * login page's `next`, else /admin: useNextPage). A failure it throws
   * is shown as the sign-in's.
   */
  onSignedIn?: (user: User) => Promise<void>;
};

/**
 * The login flow: both fields required, only admins get in, the
 * server's message on failure (429 included), else a generic one. With
 * two-factor sign-in on, the password step is followed by a code step; when
 * the server says that sign-in has expired, the admin is back at the
 * password. Signing in clears the error toasts of earlier attempts, which
 * would cover the header, and opens the admin in the account's language
 * when it chose one (on a new browser or device too).
 */
export function useLogin({ onSignedIn }: LoginOptions = {}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const next = useNextPage();
  const keepPage = onSignedIn !== undefined;
  const signIn = useLoginMutation({ keepPage });
  const confirm = useTwoFactorLoginMutation({ keepPage });
  const signOut = useLogoutMutation();
  const openInLanguage = useOpenInAccountLanguage();
  const [step, setStep] = useState<LoginStep>('password');
  const [problem, setProblem] = useState<string | null>(null);
  const askedAt = useRef(0);

  const fail = (message: string, reference?: string) => {
    setProblem(message);
    toast.error(t, message, reference);
  };

  /** The server's words for a refusal (a field's own message first), else 'Login failed'. */
  const failWith = (error: unknown) => {
    const known = error instanceof ApiError ? error : null;
    const message = known && !known.key ? (known.details?.code ?? known.message) : null;
    fail(message ?? t('login.failed'), known?.reference);
  };

  /** A 401 on the code step that means "start again": too late, or the server forgot the password step. */
  const expired = (error: unknown) =>
    error instanceof ApiError &&
    error.status === 401 &&
    (Date.now() - askedAt.current >= CODE_WINDOW_MS ||
      [t('apiErrors.twoFactorExpired'), t('apiErrors.twoFactorExpired', { lng: 'en' })].includes(
        error.message,
      ));

  async function finish(user: User) {
    if (!user.is_admin) {
      await signOut.mutateAsync();
      setStep('password');
      return fail(t('login.accessDenied'));
    }
    toast.dismissAll();
    // In place, the page stays as it is, in the language it was written in.
    if (onSignedIn) return onSignedIn(user);
    await openInLanguage(user.language);
    toast.success(i18n.t('login.success'));
    navigate(next, { replace: true });
  }

  /** The password step; answers the step the form shows next. */
  async function submit(credentials: Credentials): Promise<LoginStep> {
    if (!LoginSchema.safeParse(credentials).success) {
      fail(t('login.required'));
      return 'password';
    }
    setProblem(null);
    try {
      const answer = await signIn.mutateAsync({
        username: credentials.username.trim(),
        password: credentials.password,
      });
      if ('two_factor_required' in answer) {
        askedAt.current = Date.now();
        setStep('code');
        return 'code';
      }
      await finish(answer.user);
    } catch (error) {
      failWith(error);
    }
    return 'password';
  }

  /** The code step: six digits or a recovery code, checked here for shape first. */
  async function submitCode(code: string): Promise<void> {
    const parsed = TwoFactorCodeSchema.safeParse({ code });
    if (!parsed.success) return fail(t(parsed.error.issues[0]?.message ?? 'login.failed'));
    setProblem(null);
    try {
      await finish(await confirm.mutateAsync(parsed.data.code));
    } catch (error) {
      if (expired(error)) setStep('password');
      failWith(error);
    }
  }

  return {
    step,
    submit,
    submitCode,
    /** Leaves the code step for the password step (another account, or starting over). */
    restart: () => {
      setProblem(null);
      setStep('password');
    },
    busy: signIn.isPending || confirm.isPending || signOut.isPending,
    problem,
    clearProblem: () => setProblem(null),
  };
}

export type Login = ReturnType<typeof useLogin>;
