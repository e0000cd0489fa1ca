import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from '#shared/auth';
import { getProfile } from '../api/get-profile';
import { logout } from '../api/logout';

/**
 * Guards /admin: a failed profile call or a non-admin goes to /login (spec).
 * `user` is null until the profile says this is an admin.
 */
export function useAdminSession() {
  const navigate = useNavigate();
  const [user, setUser] = useState<User | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal)
      .then((profile) => {
        if (profile.is_admin) setUser(profile);
        else navigate('/login', { replace: true });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) navigate('/login', { replace: true });
        return error;
      });
    return () => controller.abort();
  }, [navigate]);

  const signOut = useCallback(async () => {
    await logout();
    // Even if the logout call failed and the session lives on, the admin asked to leave.
    navigate('/login', { replace: true, state: { signedOut: true } });
  }, [navigate]);

  return { user, signOut };
}
