import { useSearchParams } from 'react-router-dom';

/**
 * Where an admin was going when they had to sign in first (a link in an
 * alert e-mail, `/admin?tab=contacts&contact=7`, opened after the session
 * ended): carried to the login page in its address, `/login?next=…`, so it
 * outlives a reload and the two-factor step, and taken once signed in.
 */
export const NEXT_PARAM = 'next';

/** The dashboard: where signing in leads when no other admin address was asked for. */
export const DASHBOARD = '/admin';

const ORIGIN = 'http://admin.invalid';

/**
 * `raw` as a path of the admin on this site (`/admin`, `/admin/…`, with its
 * query), or null: another site (`https://…`, `//host`, `/\host`), another
 * page of this one, or anything a browser would read otherwise (control
 * characters, dot segments leading out of /admin). Only the normalised
 * path and query are kept, never a scheme or host.
 */
export function adminPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- the characters a URL parser drops or bends
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (url.pathname !== DASHBOARD && !url.pathname.startsWith(`${DASHBOARD}/`)) return null;
  return url.pathname + url.search;
}

/** The login page's address for someone turned away from `here` (path and query). */
export function loginFor(here: string): string {
  const next = adminPath(here);
  return next && next !== DASHBOARD
    ? `/login?${new URLSearchParams({ [NEXT_PARAM]: next })}`
    : '/login';
}

/** On the login page: the admin address to go to once signed in (the dashboard unless one was asked for). */
export function useNextPage(): string {
  const [params] = useSearchParams();
  return adminPath(params.get(NEXT_PARAM)) ?? DASHBOARD;
}
