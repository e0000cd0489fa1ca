import { Copy } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import type { User } from '#shared/auth';
import { can, type Capability } from '#shared/roles';
import { useTwoFactorSetupRequired } from '../features/auth/api/auth.queries';
import { forgetDrafts, draftsOf } from '../features/contacts/lib/drafts';
import { SessionEnded } from '../features/auth/components/SessionEnded';
import { NO_ACCESS, useAdminSession } from '../features/auth/hooks/useAdminSession';
import {
  useSaveAccountLanguage,
  useStartInAccountLanguage,
} from '../features/auth/hooks/useAccountLanguage';
import { DashboardHeader } from '../features/dashboard/components/DashboardHeader';
import { LoadingScreen } from '../features/dashboard/components/LoadingScreen';
import { useUnsavedWork } from '../hooks/useLeaveGuard';
import { copyText } from '../lib/clipboard';
import { button, card } from '../lib/ui';

/** Where an account that owes the site's required second factor is sent to set it up. */
export const ACCOUNT_PATH = '/admin/account';

type Props = {
  /** The page's heading, under the dashboard's header; none for the dashboard itself. */
  title?: string;
  description?: string;
  /** What the signed-in role must be able to do to use the page (shared/roles.ts). */
  capability?: Capability;
  children: (user: User) => ReactNode;
};

/**
 * Every admin page: the guard (a failed profile or a non-staff account goes
 * to /login), the loading screen, the header, then the page under its own
 * heading. An account that must set up two-factor sign-in first is taken to
 * its account page; a page the role may not use says so instead of showing
 * controls that would only be refused. A page whose role changes under
 * unsaved work (to one without admin access too) stays, read-only, with
 * that work to copy (useKeptPage); one
 * whose session ends under unsaved work stays, with a sign-in in place
 * (SessionEnded).
 */
export function AdminScreen({ title, description, capability, children }: Props) {
  // A deactivated or deleted account's unsent replies and notes (a visitor's details) are not left
  // on the machine: they are forgotten as at a sign-out.
  const { user, signOut, ended, lostAccess } = useAdminSession({ onAccountClosed: forgetDrafts });
  const saveLanguage = useSaveAccountLanguage();
  const opening = useStartInAccountLanguage(user);
  const setupRequired = useTwoFactorSetupRequired();
  const { pathname } = useLocation();
  const username = user?.username;
  // Unsent replies belong to their writer: before the page shows, another account's go.
  useLayoutEffect(() => {
    if (username) draftsOf(username);
  }, [username]);
  const allowed =
    !user || (!lostAccess && (capability === undefined || can(user.role, capability)));
  const work = useUnsavedWork();
  // Kept for an account without admin access only when it held unsaved work (useAdminSession).
  const kept = useKeptPage(allowed, work.unsaved || lostAccess);
  if (!user || opening) return <LoadingScreen />;
  if (setupRequired && pathname !== ACCOUNT_PATH) return <Navigate to={ACCOUNT_PATH} replace />;
  return (
    <div className="min-h-screen">
      <DashboardHeader
        user={user}
        limited={setupRequired}
        onLogout={() => {
          forgetDrafts();
          return signOut();
        }}
        onLanguage={(language) => language !== user.language && saveLanguage(language)}
      />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        {ended && <SessionEnded ended={ended} />}
        {kept && <RoleChangedNotice text={work.text} noAccess={lostAccess} />}
        {!allowed && !kept ? (
          <AdminNotice kind="forbidden" />
        ) : (
          <div inert={kept}>
            {title && (
              <div className="mb-6">
                <h2 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h2>
                {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
              </div>
            )}
            {children(user)}
          </div>
        )}
      </main>
    </div>
  );
}

/**
 * True while the page stays on screen, read-only, for a role that may no
 * longer use it: it held unsaved work when the role changed (a refused
 * save re-reads the profile, useAdminSession), as the dashboard keeps a
 * form open over a tab its new role loses (useKeptPanels). The same
 * element stays mounted, so nothing typed is lost; it goes when the role
 * may use the page again or the colleague leaves it.
 */
function useKeptPage(allowed: boolean, unsaved: boolean): boolean {
  const [kept, setKept] = useState(false);
  const keep = !allowed && (kept || unsaved);
  // Stored during the render, so the page is never unmounted in between.
  if (keep !== kept) setKept(keep);
  return keep;
}

/**
 * Over a kept page: the role changed, so its unsaved work can only be copied
 * from here. `noAccess`: the new role has no admin access at all, so the
 * way on is out of the admin, to the login page, which says why.
 */
function RoleChangedNotice({ text, noAccess }: { text: () => string; noAccess: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  // The button that was pressed is inert now: the notice takes the focus.
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="role-changed-title"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-6 py-5 text-amber-950"
      data-testid="admin-role-changed"
    >
      <h2 id="role-changed-title" className="text-lg font-semibold">
        {t('admin.notice.roleChanged.title')}
      </h2>
      <p className="mt-1 text-sm">
        {t(noAccess ? 'admin.notice.roleChanged.noAccess' : 'admin.notice.roleChanged.message')}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={button.primary} onClick={() => void copyText(text(), t)}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {t('admin.notice.roleChanged.copy')}
        </button>
        {noAccess ? (
          <Link to="/login" state={NO_ACCESS} className={button.secondary}>
            {t('admin.notice.leave')}
          </Link>
        ) : (
          <Link to="/admin" className={button.secondary}>
            {t('admin.notice.back')}
          </Link>
        )}
      </div>
    </section>
  );
}

/** An admin address that leads nowhere, or to a page this role may not use. */
export function AdminNotice({ kind }: { kind: 'not-found' | 'forbidden' }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="admin-notice-title"
      className={`${card} mx-auto max-w-xl px-6 py-10 text-center`}
      data-testid={`admin-${kind}`}
    >
      <h2 id="admin-notice-title" className="text-xl font-semibold text-slate-900">
        {t(`admin.notice.${kind}.title`)}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t(`admin.notice.${kind}.message`)}</p>
      <Link to="/admin" className={`${button.primary} mt-6`}>
        {t('admin.notice.back')}
      </Link>
    </section>
  );
}

/** `/admin/…` that is no admin page: a not-found state under the header, not a redirect. */
export function AdminNotFoundPage() {
  return <AdminScreen>{() => <AdminNotice kind="not-found" />}</AdminScreen>;
}
