import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ACCOUNT_CLOSED, type User } from '#shared/auth';
import { ApiError } from '../../../../common/api';
import { hasUnsavedWork, LEAVE_UNASKED } from '../../../hooks/useLeaveGuard';
import { authKeys, useLogoutMutation, useProfileQuery } from '../api/auth.queries';
import { loginFor } from './useNextPage';

const PROFILE_HASH = JSON.stringify(authKeys.profile);

/** The login page's state for an account that has no admin access (any more): it says so. */
export const NO_ACCESS = { noAccess: true } as const;

/** A 401 that says the session's account was deactivated or deleted meanwhile. */
const accountClosed = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && error.code === ACCOUNT_CLOSED;

/**
 * Any call answered 401 may mean the session was ended elsewhere (signed out
 * from another device, a password change, its lifetime), and any call
 * answered 403 that an admin gave this account another role meanwhile: the
 * profile is asked again, so the pages, tabs and buttons follow the role the
 * server now knows, and if it fails too, the guard takes the admin to /login.
 * A 401 (the profile's too) saying the account was closed calls `closed`.
 */
function watchForChangedSession(client: QueryClient, closed: () => void): () => void {
  const check = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403))
      void client.invalidateQueries({ queryKey: authKeys.profile });
  };
  const queries = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (accountClosed(event.action.error)) closed();
    if (event.query.queryHash !== PROFILE_HASH) check(event.action.error);
  });
  const mutations = client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (accountClosed(event.action.error)) closed();
    check(event.action.error);
  });
  return () => {
    queries();
    mutations();
  };
}

/** The server no longer knows this session, or no longer lets it in. */
const sessionRefused = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * A session the server ended while the page held unsaved work: the page
 * stays, with the sign-in in place (SessionEnded) for `username`, the
 * account whose session it was. `shown`: the sign-in is on screen (else a
 * notice offers it again).
 */
export type EndedSession = {
  username: string;
  shown: boolean;
  show: () => void;
  hide: () => void;
  /** Signed in again as `username`, the profile read again: the page goes on as before. */
  resumed: () => void;
};

/** The server no longer knows this session (a save, a list, the profile: any call). */
const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Guards the admin pages: a failed profile call or a non-admin goes to
 * /login, which leads back to the page's address once signed in. `user` is null until the profile says this is an admin. A
 * session that ends while a page is open says so on the login page, unless
 * a form on the page holds unsaved work: then the page stays, and `ended`
 * offers to sign in again in place and save it. Once the profile has said
 * "admin", only a refusal (401, 403) ends the page: a check again that
 * fails for another reason (offline, a server fault) keeps the admin where
 * they are, with whatever they were typing, and the next check decides.
 * An account that loses admin access altogether (made `user`) while a form
 * holds unsaved work keeps the page too, as a role change does: `user` is
 * still the staff account the page was opened as, and `lostAccess` says
 * nothing can be saved from it any more (AdminScreen). Without unsaved
 * work, the login page says the account no longer has access (an account
 * that never had it is just turned away there). `onAccountClosed`: the
 * server said the session's account was deactivated or deleted (only the
 * session's own holder is told).
 */
export function useAdminSession({ onAccountClosed }: { onAccountClosed?: () => void } = {}) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Where the admin was going: the login page leads there once signed in again (useNextPage).
  const login = loginFor(pathname + search);
  const client = useQueryClient();
  const profile = useProfileQuery();
  const { mutateAsync: logout } = useLogoutMutation();
  const admin = profile.data?.is_admin ? profile.data : null;
  const known = profile.data !== undefined;
  const noAccess = known && !profile.data.is_admin;
  // The profile had said "admin" before it was refused: the session ended while the page was open.
  const ended = profile.isError && known && sessionRefused(profile.error);
  const turnedAway = noAccess || (profile.isError && (!known || ended));
  // The staff account the page was last shown to.
  const [shownTo, setShownTo] = useState<User | null>(null);
  if (admin && admin !== shownTo) setShownTo(admin);
  // Kept while the account has no admin access, decided during the render: the page's form must
  // not be unmounted in between (its unsaved work would go with it).
  const [lostUnder, setLostUnder] = useState<User | null>(null);
  const lost = noAccess ? (lostUnder ?? (shownTo && hasUnsavedWork() ? shownTo : null)) : null;
  if (lost !== lostUnder) setLostUnder(lost);
  const user = admin ?? lost;
  // Kept until signed in again as the same account or the page is left, whatever the profile says
  // meanwhile (another account signed in over it must not take the page's work for its own).
  const [endedUnder, setEndedUnder] = useState<{ username: string; shown: boolean } | null>(null);
  const keeping = endedUnder !== null;

  // The latest callback, without subscribing again for each render's.
  const closed = useRef(onAccountClosed);
  useLayoutEffect(() => {
    closed.current = onAccountClosed;
  });
  useEffect(() => watchForChangedSession(client, () => closed.current?.()), [client]);

  useEffect(() => {
    if (!turnedAway || keeping || lost) return;
    if (ended && user && hasUnsavedWork()) {
      setEndedUnder({ username: user.username, shown: true });
      return;
    }
    // Like a logout: nothing the ended session loaded is kept, or shown as still signed in.
    // The page, still shown, is left without asking about its unsaved work: the session is over.
    const over = { signedOut: true, sessionEnded: true, ...LEAVE_UNASKED };
    // An account the admin was open to lost its access: the login page says so.
    const state = ended ? over : noAccess && shownTo ? NO_ACCESS : undefined;
    navigate(login, { replace: true, state });
  }, [turnedAway, ended, noAccess, shownTo, keeping, lost, user, login, navigate]);

  // Put away to read or copy the page's work, the sign-in comes back with the next refused save.
  useEffect(() => {
    if (!keeping) return;
    return client.getMutationCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        signedOut(event.action.error)
      )
        setEndedUnder((was) => was && { ...was, shown: true });
    });
  }, [keeping, client]);

  const signOut = useCallback(async () => {
    await logout();
    // Even if the logout call failed and the session lives on, the admin asked to leave (and
    // answered the question about unsaved work first: DashboardHeader).
    navigate('/login', { replace: true, state: { signedOut: true, ...LEAVE_UNASKED } });
  }, [logout, navigate]);

  const endedSession: EndedSession | null = endedUnder && {
    ...endedUnder,
    show: () => setEndedUnder((was) => was && { ...was, shown: true }),
    hide: () => setEndedUnder((was) => was && { ...was, shown: false }),
    resumed: () => setEndedUnder(null),
  };

  return { user, signOut, ended: endedSession, lostAccess: lost !== null };
}
