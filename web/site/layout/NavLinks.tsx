import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useLocalize } from '../lib/page-language';

const LINKS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/news', key: 'nav.news', end: false },
  { to: '/contact', key: 'nav.contact', end: true },
] as const;

/**
 * Home, News and Contact (under the page's language prefix, if any); the
 * current one carries `aria-current="page"` and the accent.
 */
export function NavLinks({
  vertical,
  onNavigate,
}: {
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <ul className={vertical ? 'flex flex-col gap-1' : 'flex items-center gap-1'}>
      {LINKS.map((link) => (
        <li key={link.to}>
          <NavLink
            to={localize(link.to)}
            end={link.end}
            onClick={onNavigate}
            className={({ isActive }) =>
              [
                'block rounded-md px-3 py-2 text-sm font-medium transition',
                isActive
                  ? 'bg-white/10 text-signal-300'
                  : 'text-steel-200 hover:bg-white/5 hover:text-white',
              ].join(' ')
            }
          >
            {t(link.key)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
