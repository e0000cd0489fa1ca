import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, TwoFactorChallenge, User } from '#shared/auth';
import { api } from '../../../../common/api';

export type Credentials = { username: string; password: string };

/** What the password step answers: the user, or a request for the second factor. */
export type LoginAnswer = { user: User } | TwoFactorChallenge;

export const authKeys = { profile: ['auth', 'profile'] as const };

/** `GET /api/auth/profile`: the signed-in user and their two-factor state, or a 401 `ApiError`. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api<Profile>('/auth/profile', { signal });
}

/**
 * `POST /api/auth/login`: starts a session and answers with the user, or,
 * when the account has two-factor sign-in on, asks for the code first.
 */
export function login(credentials: Credentials): Promise<LoginAnswer> {
  return api<LoginAnswer>('/auth/login', { method: 'POST', body: credentials });
}

/** `POST /api/auth/login/2fa`: the second step, an authenticator or recovery code. */
export async function loginWithCode(code: string): Promise<User> {
  const data = await api<{ user: User }>('/auth/login/2fa', { method: 'POST', body: { code } });
  return data.user;
}

/** `POST /api/auth/logout`; any failure is ignored, the user is leaving anyway. */
export async function logout(): Promise<void> {
  try {
    await api<{ ok: boolean }>('/auth/logout', { method: 'POST' });
  } catch {
    // Ignored on purpose.
  }
}

/** Checked again whenever a page that needs it opens (it guards /admin). */
export const profileQuery = () =>
  queryOptions({
    queryKey: authKeys.profile,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 0,
  });

/** The signed-in user. */
export function useProfileQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQuery(), enabled, select: (profile) => profile.user });
}

/** True while the site requires a second factor this account has not set up yet. */
export function useTwoFactorSetupRequired(): boolean {
  const profile = useQuery({
    ...profileQuery(),
    select: (p) => p.two_factor_setup_required === true,
  });
  return profile.data === true;
}

/**
 * True for the account the server's ADMIN_USERNAME names: renamed (or
 * deleted), the next start creates an admin of that name again.
 */
export function useStartupAccount(): boolean {
  const profile = useQuery({ ...profileQuery(), select: (p) => p.startup_account === true });
  return profile.data === true;
}

/** The signed-in user with their two-factor state (the account page). */
export function useProfileDetailsQuery() {
  return useQuery(profileQuery());
}

/**
 * Signing in starts a new session: whatever an earlier one loaded is dropped,
 * the profile included (the admin asks for it: the site may require a second
 * factor to be set up before anything else).
 */
function useStartSession() {
  const client = useQueryClient();
  return () => client.removeQueries();
}

/**
 * `keepPage`: signing in again over a page whose session ended, to save its
 * unsaved work (SessionEndedDialog): what the page has loaded stays.
 */
type SignInOptions = { keepPage?: boolean };

export function useLoginMutation({ keepPage = false }: SignInOptions = {}) {
  const started = useStartSession();
  return useMutation({
    mutationFn: login,
    onSuccess(answer) {
      if ('user' in answer && !keepPage) started();
    },
  });
}

export function useTwoFactorLoginMutation({ keepPage = false }: SignInOptions = {}) {
  const started = useStartSession();
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: () => {
      if (!keepPage) started();
    },
  });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
