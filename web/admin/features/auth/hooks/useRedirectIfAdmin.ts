import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { getProfile } from '../api/get-profile';

/** On opening /login, an admin who is already signed in goes straight to /admin. */
export function useRedirectIfAdmin(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal)
      .then((user) => {
        if (user.is_admin) navigate('/admin', { replace: true });
      })
      .catch(() => {
        // Not signed in: stay on the login form.
      });
    return () => controller.abort();
  }, [navigate]);
}
