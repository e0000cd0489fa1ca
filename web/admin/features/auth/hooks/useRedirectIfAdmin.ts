import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useProfileQuery } from '../api/auth.queries';
import { useNextPage } from './useNextPage';

/**
 * On opening /login, an admin who is already signed in goes straight to the
 * admin page asked for (`next`, useNextPage), else /admin,
 * unless they just pressed Logout: a logout call that failed must not bounce
 * them back, and nothing the ended session loaded is kept.
 */
export function useRedirectIfAdmin(): void {
  const navigate = useNavigate();
  const next = useNextPage();
  const client = useQueryClient();
  const signedOut = (useLocation().state as { signedOut?: boolean } | null)?.signedOut === true;
  const profile = useProfileQuery({ enabled: !signedOut });
  const isAdmin = profile.data?.is_admin === true;

  useEffect(() => {
    // The dashboard is gone by now, so no list refetches into a closed session.
    if (signedOut) client.removeQueries();
  }, [signedOut, client]);

  useEffect(() => {
    if (!signedOut && isAdmin) navigate(next, { replace: true });
  }, [signedOut, isAdmin, next, navigate]);
}
