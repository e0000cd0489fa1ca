import {
  ChartColumn,
  ExternalLink,
  Images,
  LayoutDashboard,
  LayoutList,
  LogOut,
  ScrollText,
  Settings,
  Type,
  UserCog,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { User } from '#shared/auth';
import { can, type Capability } from '#shared/roles';
import { displayNameOf } from '#shared/users';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { LeaveQuestion } from '../../../components/LeaveQuestion';
import { hasUnsavedWork } from '../../../hooks/useLeaveGuard';
import { pickLanguage, type Language } from '#shared/languages';
import { onWeb } from '../../../lib/on-web';
import { button } from '../../../lib/ui';

type Props = {
  user: User;
  /** Only the account page is open (a second factor must be set up first). */
  limited?: boolean;
  onLogout: () => Promise<void>;
  /** A language chosen in the header's switcher (the account keeps it). */
  onLanguage?: (language: Language) => void;
};

/** The admin's pages; each shows only for the roles that may use it. */
const PAGES: { to: string; key: string; Icon: typeof UserCog; capability?: Capability }[] = [
  { to: '/admin', key: 'admin.nav.dashboard', Icon: LayoutList },
  {
    to: '/admin/analytics',
    key: 'admin.nav.analytics',
    Icon: ChartColumn,
    capability: 'analytics',
  },
  { to: '/admin/texts', key: 'admin.nav.texts', Icon: Type, capability: 'content' },
  { to: '/admin/media', key: 'admin.nav.media', Icon: Images, capability: 'content' },
  { to: '/admin/users', key: 'admin.nav.users', Icon: Users, capability: 'users' },
  { to: '/admin/settings', key: 'admin.nav.settings', Icon: Settings, capability: 'settings' },
  { to: '/admin/audit', key: 'admin.nav.audit', Icon: ScrollText, capability: 'audit' },
  { to: '/admin/account', key: 'admin.nav.account', Icon: UserCog },
];

const link = ({ isActive }: { isActive: boolean }) =>
  `${button.ghost} ${isActive ? 'bg-slate-100 text-slate-900' : ''}`;

/**
 * The dashboard's header: who is signed in (by display name, else
 * username, as colleagues are named), the public site, the language
 * (kept as the account's, `onLanguage`), Logout (which asks first while a
 * form on the page holds unsaved work, as the pages' links do:
 * LeaveBlocker) and the pages the role may use.
 */
export function DashboardHeader({ user, limited = false, onLogout, onLanguage }: Props) {
  const { t, i18n } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const logout = () => {
    setAsking(false);
    setLeaving(true);
    void onLogout();
  };
  const pages = PAGES.filter(
    (page) =>
      (!limited || page.to === '/admin/account') &&
      (page.capability === undefined || can(user.role, page.capability)),
  );
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-navy-900 text-white">
            <LayoutDashboard aria-hidden="true" className="h-5 w-5" />
          </span>
          <div>
            <h1 className="text-xl font-bold tracking-tight text-slate-900">{t('admin.title')}</h1>
            <p className="text-sm text-slate-600">
              {t('admin.welcome', { name: displayNameOf(user) })}
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                <span className="sr-only">{t('admin.users.role')}: </span>
                {t(`admin.users.roles.${user.role}`)}
              </span>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {/* The public site in the language the admin is shown in (the desktop app has no site pages). */}
          {onWeb() && (
            <a
              href={`/${pickLanguage(i18n.language)}`}
              target="_blank"
              rel="noreferrer"
              className={button.ghost}
            >
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              {t('admin.viewSite')}
              <span className="sr-only"> ({t('admin.opensInNewTab')})</span>
            </a>
          )}
          <LanguageSwitcher onChosen={onLanguage} />
          <button
            type="button"
            className={button.secondary}
            disabled={leaving}
            onClick={() => (hasUnsavedWork() ? setAsking(true) : logout())}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {t('admin.logout')}
          </button>
          {asking && <LeaveQuestion onStay={() => setAsking(false)} onLeave={logout} />}
        </div>
      </div>
      {/* The pages on a row of their own, below the account's actions: it may wrap, they never do. */}
      <div className="mx-auto max-w-7xl px-4 pb-3 sm:px-6 lg:px-8">
        <nav aria-label={t('admin.nav.label')}>
          <ul className="flex flex-wrap items-center gap-1">
            {pages.map(({ to, key, Icon }) => (
              <li key={to}>
                <NavLink to={to} end className={link}>
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {t(key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
