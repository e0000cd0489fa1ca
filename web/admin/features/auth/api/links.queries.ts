import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, User } from '#shared/auth';
import type { Language } from '#shared/languages';
import type { InvitationPreview } from '#shared/users';
import { api } from '../../../../common/api';
import { authKeys } from './auth.queries';

/**
 * The calls behind the links the site e-mails. The link's token goes in
 * the body (the pages read it from after the `#`, which no server sees).
 */

/** `POST /api/auth/invitation/check`: what the invitation offers; 400 when the link is dead. */
export function useInvitationQuery(token: string) {
  return useQuery({
    queryKey: ['auth', 'invitation', token],
    queryFn: () =>
      api<InvitationPreview>('/auth/invitation/check', { method: 'POST', body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * `POST /api/auth/invitation/accept`: makes the account (in `language`, the
 * one the page is shown in) and signs it in.
 */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      token: string;
      username: string;
      password: string;
      name?: string;
      language: Language;
    }) => api<{ user: User }>('/auth/invitation/accept', { method: 'POST', body: input }),
    onSuccess: () => client.removeQueries({ queryKey: authKeys.profile }),
  });
}

/** `POST /api/auth/password-reset`: the same answer for every address. */
export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ ok: true }>('/auth/password-reset', { method: 'POST', body: { email } }),
  });
}

/**
 * `POST /api/auth/password-reset/check`: whether the reset link still works
 * (nothing used up); 400 when the link is dead.
 */
export function useResetLinkQuery(token: string) {
  return useQuery({
    queryKey: ['auth', 'password-reset', token],
    queryFn: () =>
      api<{ ok: true }>('/auth/password-reset/check', { method: 'POST', body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

/** `POST /api/auth/password-reset/confirm`: the new password; every session of the account ends. */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api<{ ok: true }>('/auth/password-reset/confirm', { method: 'POST', body: input }),
    onSuccess: () => client.removeQueries(),
  });
}

/** `POST /api/auth/email`: a new address for the signed-in account, waiting for its link. */
export function useRequestEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; current_password: string }) =>
      api<{ pending_email: string }>('/auth/email', { method: 'POST', body: input }),
    onSuccess: ({ pending_email }) =>
      client.setQueryData<Profile>(authKeys.profile, (p) => (p ? { ...p, pending_email } : p)),
  });
}

/** `POST /api/auth/email/confirm`: the link's address becomes the account's. */
export function useConfirmEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<{ email: string }>('/auth/email/confirm', { method: 'POST', body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: authKeys.profile }),
  });
}
