import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { Language } from '#shared/languages';
import { useLocalize } from '../lib/page-language';
import { useNavPages } from './useNavPages';

type Link = { to: string; label: string; end: boolean; lang?: Language };

/**
 * Home, News, the pages placed in the header (by position), and Contact,
 * under the page's language prefix, if any; the current one carries
 * `aria-current="page"` and the accent.
 */
export function NavLinks({
  vertical,
  onNavigate,
}: {
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const localize = useLocalize();
  const pages = useNavPages('header');
  const links: Link[] = [
    { to: '/', label: t('nav.home'), end: true },
    { to: '/news', label: t('nav.news'), end: false },
    ...pages.map((page) => ({
      to: page.to,
      label: page.title,
      end: true,
      lang: page.lang === i18n.language ? undefined : page.lang,
    })),
    { to: '/contact', label: t('nav.contact'), end: true },
  ];
  return (
    <ul
      className={vertical ? 'flex flex-col gap-1' : 'flex flex-wrap items-center justify-end gap-1'}
    >
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={localize(link.to)}
            end={link.end}
            lang={link.lang}
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
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
