import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogoutMutation, useProfileQuery } from '../api/auth.queries';

/**
 * Guards /admin: a failed profile call or a non-admin goes to /login (spec).
 * `user` is null until the profile says this is an admin.
 */
export function useAdminSession() {
  const navigate = useNavigate();
  const profile = useProfileQuery();
  const { mutateAsync: logout } = useLogoutMutation();
  const user = profile.data?.is_admin ? profile.data : null;
  const turnedAway = profile.isError || (profile.isSuccess && !profile.data.is_admin);

  useEffect(() => {
    if (turnedAway) navigate('/login', { replace: true });
  }, [turnedAway, navigate]);

  const signOut = useCallback(async () => {
    await logout();
    // Even if the logout call failed and the session lives on, the admin asked to leave.
    navigate('/login', { replace: true, state: { signedOut: true } });
  }, [logout, navigate]);

  return { user, signOut };
}
