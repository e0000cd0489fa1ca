import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession, Profile, TwoFactorSetup, TwoFactorStatus, User } from '#shared/auth';
import type { Language } from '#shared/languages';
import { api, ApiError } from '../../../../common/api';
import { draftsRenamed } from '../../contacts/lib/drafts';
import { authKeys } from './auth.queries';

export const accountKeys = {
  sessions: ['auth', 'sessions'] as const,
  twoFactor: ['auth', 'two-factor'] as const,
};

/** A new username or password needs `current_password`; a display name or a language alone does not. */
export type ProfileChanges = {
  username?: string;
  password?: string;
  name?: string | null;
  language?: Language | null;
  current_password?: string;
};

/** `PUT /api/auth/profile`: a new username, password, display name and/or language. */
export async function updateProfile(changes: ProfileChanges): Promise<User> {
  const data = await api<{ user: User }>('/auth/profile', { method: 'PUT', body: changes });
  return data.user;
}

/** `GET /api/auth/sessions`: where this account is signed in, this device marked `current`. */
export function getSessions(signal?: AbortSignal): Promise<ActiveSession[]> {
  return api<ActiveSession[]>('/auth/sessions', { signal });
}

/** `DELETE /api/auth/sessions/{id}`: signs that device out. */
export function endSession(id: string): Promise<{ id: string }> {
  return api<{ id: string }>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** `DELETE /api/auth/sessions/others`: "sign out everywhere else"; answers how many ended. */
export function endOtherSessions(): Promise<{ ended: number }> {
  return api<{ ended: number }>('/auth/sessions/others', { method: 'DELETE' });
}

/** `POST /api/auth/2fa/setup`: a new key for the authenticator app (not on until confirmed). */
export function startTwoFactor(password: string): Promise<TwoFactorSetup> {
  return api<TwoFactorSetup>('/auth/2fa/setup', { method: 'POST', body: { password } });
}

/** `POST /api/auth/2fa/enable`: confirms with a code; answers the recovery codes, shown once. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const data = await api<{ recovery_codes: string[] }>('/auth/2fa/enable', {
    method: 'POST',
    body: { code },
  });
  return data.recovery_codes;
}

/** `POST /api/auth/2fa/disable`: needs the password and a code. */
export async function disableTwoFactor(input: { password: string; code: string }): Promise<void> {
  await api<{ two_factor_enabled: false }>('/auth/2fa/disable', { method: 'POST', body: input });
}

/** The password and a current code (from the app, or a recovery code). */
export type TwoFactorProof = { password: string; code: string };
/** A move asked again by the session that started it (`move_pending`) needs no code. */
export type TwoFactorMoveProof = { password: string; code?: string };

/**
 * `GET /api/auth/2fa`: whether two-factor sign-in is on, how many recovery
 * codes are left, and whether this session's move to a new device is pending.
 */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return api<TwoFactorStatus>('/auth/2fa', { signal });
}

/** `POST /api/auth/2fa/move`: a new key for a new device; the old one works until confirmed. */
export function startMove(proof: TwoFactorMoveProof): Promise<TwoFactorSetup> {
  return api<TwoFactorSetup>('/auth/2fa/move', { method: 'POST', body: proof });
}

/** `POST /api/auth/2fa/move/confirm`: a code from the new app swaps the key; new recovery codes. */
export async function confirmMove(code: string): Promise<string[]> {
  const data = await api<{ recovery_codes: string[] }>('/auth/2fa/move/confirm', {
    method: 'POST',
    body: { code },
  });
  return data.recovery_codes;
}

/** `POST /api/auth/2fa/recovery-codes`: a new set, shown once; the old codes stop working. */
export async function renewRecoveryCodes(proof: TwoFactorProof): Promise<string[]> {
  const data = await api<{ recovery_codes: string[] }>('/auth/2fa/recovery-codes', {
    method: 'POST',
    body: proof,
  });
  return data.recovery_codes;
}

export const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: accountKeys.twoFactor,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
    staleTime: 0,
  });

/** The recovery codes left, asked again whenever the account page opens. */
export function useTwoFactorStatusQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...twoFactorStatusQuery(), enabled });
}

export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => getSessions(signal),
    meta: { failureKey: 'admin.errors.loadData' },
  });

export function useSessionsQuery() {
  return useQuery(sessionsQuery());
}

/**
 * The header greets the new name at once, and the unsent replies and notes
 * move to it (they are the same writer's); a new password also ended every
 * other session and gave this one a new id, so the list is fetched again.
 */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    async onSuccess(user, changes) {
      const before = client.getQueryData<Profile>(authKeys.profile)?.user.username;
      // Before the profile says the new name: the dashboard takes up the texts of the name it shows.
      if (before !== undefined && before !== user.username) draftsRenamed(before, user.username);
      client.setQueryData<Profile>(authKeys.profile, (profile) =>
        profile ? { ...profile, user } : profile,
      );
      if (changes.password !== undefined)
        await client.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
}

function useSessionsWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export const useEndSession = () => useSessionsWrite(endSession);
export const useEndOtherSessions = () => useSessionsWrite(endOtherSessions);

/**
 * A 409 ("already on", "not on") means it was switched elsewhere (another
 * tab, the CLI): the profile is asked again so the page shows the real state.
 */
function useProfileRefreshOnConflict() {
  const client = useQueryClient();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 409)
      void client.invalidateQueries({ queryKey: authKeys.profile });
  };
}

/** Setting up changes nothing yet: the key is only a candidate until a code confirms it. */
export function useStartTwoFactor() {
  const onError = useProfileRefreshOnConflict();
  return useMutation({ mutationFn: startTwoFactor, onError });
}

/**
 * Turning two-factor sign-in on or off changes the profile's
 * `two_factor_enabled`; that, a move and new codes change the count of
 * recovery codes left.
 */
function useTwoFactorSwitch<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  const onError = useProfileRefreshOnConflict();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: authKeys.profile }),
        client.invalidateQueries({ queryKey: accountKeys.twoFactor }),
      ]),
    onError,
  });
}

export const useEnableTwoFactor = () => useTwoFactorSwitch(enableTwoFactor);
export const useDisableTwoFactor = () => useTwoFactorSwitch(disableTwoFactor);
/**
 * The new key is only a candidate: the old one works until `useConfirmMove`.
 * A recovery code given as proof is used up, so the count is asked again,
 * and so is whether the move is pending (it is now). A refusal may mean
 * the move asked again had run out: that too is asked again.
 */
export function useStartMove() {
  const client = useQueryClient();
  const onConflict = useProfileRefreshOnConflict();
  const refresh = () => client.invalidateQueries({ queryKey: accountKeys.twoFactor });
  return useMutation({
    mutationFn: startMove,
    onSuccess: refresh,
    onError: (error) => {
      onConflict(error);
      void refresh();
    },
  });
}
/**
 * A confirmed move also ended every other session: the list is fetched
 * again. A 409 (nothing pending any more) asks the status again too.
 */
export function useConfirmMove() {
  const client = useQueryClient();
  const onConflict = useProfileRefreshOnConflict();
  return useMutation({
    mutationFn: confirmMove,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: authKeys.profile }),
        client.invalidateQueries({ queryKey: accountKeys.twoFactor }),
        client.invalidateQueries({ queryKey: accountKeys.sessions }),
      ]),
    onError: (error) => {
      onConflict(error);
      if (error instanceof ApiError && error.status === 409)
        void client.invalidateQueries({ queryKey: accountKeys.twoFactor });
    },
  });
}
export const useRenewRecoveryCodes = () => useTwoFactorSwitch(renewRecoveryCodes);
