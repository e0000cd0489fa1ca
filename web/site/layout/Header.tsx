import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, X } from 'lucide-react';
import { container } from '../ui/styles';
import { LanguageLinks } from './LanguageLinks';
import { LanguageMenu } from './LanguageMenu';
import { Logo } from './Logo';
import { NavLinks } from './NavLinks';
import { useDismiss } from '../../common/useDismiss';

/**
 * Sticky top bar: logo, links, language menu; links fold into a menu below `md`.
 * Below `md` the two buttons need the page's scripts: in a browser without
 * JavaScript (`scripting: none`) they are hidden, and the menu is shown open,
 * with the languages as plain links, in a bar that scrolls away (the `site-`
 * classes, site.css).
 */
export function Header() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bar = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(bar, open, close);

  return (
    <header
      ref={bar}
      className="site-header site-dark sticky top-0 z-40 border-b border-white/10 bg-navy-950/95 backdrop-blur"
    >
      <nav
        aria-label={t('nav.label')}
        className={`${container} flex h-(--site-header-height) items-center gap-3 sm:gap-4`}
      >
        <Logo onNavigate={close} />
        <div className="ml-auto hidden md:block">
          <NavLinks />
        </div>
        <div className="site-needs-script ml-auto md:ml-2">
          <LanguageMenu />
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setOpen((value) => !value)}
          className="site-needs-script rounded-md p-2 text-steel-100 hover:bg-white/10 md:hidden"
        >
          {open ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </button>
      </nav>
      <div
        id="mobile-menu"
        hidden={!open}
        className="site-mobile-menu border-t border-white/10 md:hidden"
      >
        <div className={`${container} py-3`}>
          <NavLinks vertical onNavigate={close} />
          {/* Only without scripts, for the language menu that cannot open then. */}
          <LanguageLinks
            label={t('language.menu')}
            className="site-menu-languages mt-2 flex flex-wrap gap-1 border-t border-white/10 pt-2"
            linkClass={(current) =>
              `block rounded-md px-3 py-2 text-sm font-medium ${current ? 'bg-white/10 text-signal-300' : 'text-steel-200 hover:bg-white/5 hover:text-white'}`
            }
          />
        </div>
      </div>
    </header>
  );
}
