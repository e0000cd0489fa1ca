import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useProfileQuery } from '../api/auth.queries';

/**
 * On opening /login, an admin who is already signed in goes straight to /admin,
 * unless they just pressed Logout: a logout call that failed must not bounce
 * them back, and nothing the ended session loaded is kept.
 */
export function useRedirectIfAdmin(): void {
  const navigate = useNavigate();
  const client = useQueryClient();
  const signedOut = (useLocation().state as { signedOut?: boolean } | null)?.signedOut === true;
  const profile = useProfileQuery({ enabled: !signedOut });
  const isAdmin = profile.data?.is_admin === true;

  useEffect(() => {
    // The dashboard is gone by now, so no list refetches into a closed session.
    if (signedOut) client.removeQueries();
  }, [signedOut, client]);

  useEffect(() => {
    if (!signedOut && isAdmin) navigate('/admin', { replace: true });
  }, [signedOut, isAdmin, navigate]);
}
