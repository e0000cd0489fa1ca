import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, StaffRole } from '#shared/roles';
import type {
  AccountChanged,
  AccountDeleted,
  Invitation,
  InvitationSent,
  StaffMember,
  UserAccount,
} from '#shared/users';
import { api } from '../../../../common/api';

export const usersKeys = {
  all: ['users'] as const,
  accounts: ['users', 'accounts'] as const,
  invitations: ['users', 'invitations'] as const,
  staff: ['users', 'staff'] as const,
};

export const accountsQuery = () =>
  queryOptions({
    queryKey: usersKeys.accounts,
    queryFn: ({ signal }) => api<UserAccount[]>('/users', { signal }),
    meta: { failureKey: 'admin.errors.loadData' },
  });

export const invitationsQuery = () =>
  queryOptions({
    queryKey: usersKeys.invitations,
    queryFn: ({ signal }) => api<Invitation[]>('/users/invitations', { signal }),
    meta: { failureKey: 'admin.errors.loadData' },
  });

/** The active staff, for choosing who answers an enquiry (any staff role may ask). */
export const staffQuery = () =>
  queryOptions({
    queryKey: usersKeys.staff,
    queryFn: ({ signal }) => api<StaffMember[]>('/users/staff', { signal }),
    staleTime: 60_000,
  });

export const useAccountsQuery = () => useQuery(accountsQuery());
export const useInvitationsQuery = () => useQuery(invitationsQuery());
export const useStaffQuery = () => useQuery(staffQuery());

/** A write that changes the accounts or the invitations: both lists are asked again. */
function useUsersWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

export const useInvite = () =>
  useUsersWrite((input: { email: string; role: StaffRole }) =>
    api<InvitationSent>('/users/invitations', { method: 'POST', body: input }),
  );

export const useResendInvitation = () =>
  useUsersWrite((id: number) =>
    api<InvitationSent>(`/users/invitations/${id}/resend`, { method: 'POST' }),
  );

export const useWithdrawInvitation = () =>
  useUsersWrite((id: number) =>
    api<{ id: number }>(`/users/invitations/${id}`, { method: 'DELETE' }),
  );

export const useUpdateAccount = () =>
  useUsersWrite(({ id, ...changes }: { id: number; role?: Role; active?: boolean }) =>
    api<AccountChanged>(`/users/${id}`, { method: 'PUT', body: changes }),
  );

export const useDeleteAccount = () =>
  useUsersWrite((id: number) => api<AccountDeleted>(`/users/${id}`, { method: 'DELETE' }));

/** An admin resets a colleague's two-factor sign-in (they lost the device and the codes). */
export const useResetTwoFactor = () =>
  useUsersWrite((id: number) => api<UserAccount>(`/users/${id}/2fa/reset`, { method: 'POST' }));
