import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/auth';
import { api } from '../../../../common/api';

export type Credentials = { username: string; password: string };

export const authKeys = { profile: ['auth', 'profile'] as const };

/** `GET /api/auth/profile`: the signed-in user, or a 401 `ApiError`. */
export async function getProfile(signal?: AbortSignal): Promise<User> {
  const data = await api<{ user: User }>('/auth/profile', { signal });
  return data.user;
}

/** `POST /api/auth/login`: starts a session and answers with the user. */
export async function login(credentials: Credentials): Promise<User> {
  const data = await api<{ user: User }>('/auth/login', { method: 'POST', body: credentials });
  return data.user;
}

/** `POST /api/auth/logout`; any failure is ignored, the user is leaving anyway (spec). */
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

export function useProfileQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQuery(), enabled });
}

/**
 * Signing in starts a new session: whatever an earlier one loaded is dropped,
 * and an admin's profile is known at once.
 */
export function useLoginMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess(user) {
      client.removeQueries();
      if (user.is_admin) client.setQueryData(authKeys.profile, user);
    },
  });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
