import { LayoutDashboard, LayoutList, LogOut, ScrollText, UserCog } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { button } from '../../../lib/ui';

type Props = { username: string; onLogout: () => Promise<void> };

const PAGES = [
  { to: '/admin', key: 'admin.nav.dashboard', Icon: LayoutList },
  { to: '/admin/audit', key: 'admin.nav.audit', Icon: ScrollText },
  { to: '/admin/account', key: 'admin.nav.account', Icon: UserCog },
] as const;

const link = ({ isActive }: { isActive: boolean }) =>
  `${button.ghost} ${isActive ? 'bg-slate-100 text-slate-900' : ''}`;

export function DashboardHeader({ username, onLogout }: Props) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-navy-900 text-white">
            <LayoutDashboard aria-hidden="true" className="h-5 w-5" />
          </span>
          <div>
            <h1 className="text-xl font-bold tracking-tight text-slate-900">{t('admin.title')}</h1>
            <p className="text-sm text-slate-600">{t('admin.welcome', { username })}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <nav aria-label={t('admin.nav.label')}>
            <ul className="flex flex-wrap items-center gap-1">
              {PAGES.map(({ to, key, Icon }) => (
                <li key={to}>
                  <NavLink to={to} end className={link}>
                    <Icon aria-hidden="true" className="h-4 w-4" />
                    {t(key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitcher />
          <button
            type="button"
            className={button.secondary}
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void onLogout();
            }}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {t('admin.logout')}
          </button>
        </div>
      </div>
    </header>
  );
}
