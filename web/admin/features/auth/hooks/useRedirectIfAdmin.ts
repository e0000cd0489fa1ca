import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getProfile } from '../api/get-profile';

/**
 * On opening /login, an admin who is already signed in goes straight to /admin,
 * unless they just pressed Logout: a logout call that failed must not bounce them back.
 */
export function useRedirectIfAdmin(): void {
  const navigate = useNavigate();
  const signedOut = (useLocation().state as { signedOut?: boolean } | null)?.signedOut === true;
  useEffect(() => {
    if (signedOut) return;
    const controller = new AbortController();
    getProfile(controller.signal)
      .then((user) => {
        if (user.is_admin) navigate('/admin', { replace: true });
      })
      .catch(() => {
        // Not signed in: stay on the login form.
      });
    return () => controller.abort();
  }, [navigate, signedOut]);
}
