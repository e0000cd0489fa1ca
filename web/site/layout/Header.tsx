import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu, X } from 'lucide-react';
import { container } from '../ui/styles';
import { LanguageMenu } from './LanguageMenu';
import { Logo } from './Logo';
import { NavLinks } from './NavLinks';
import { useDismiss } from '../../common/useDismiss';

/** Sticky top bar: logo, links, language menu; links fold into a menu below `md`. */
export function Header() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bar = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(bar, open, close);

  return (
    <header
      ref={bar}
      className="sticky top-0 z-40 border-b border-white/10 bg-navy-950/95 backdrop-blur"
    >
      <nav
        aria-label={t('nav.label')}
        className={`${container} flex h-(--site-header-height) items-center gap-3 sm:gap-4`}
      >
        <Logo onNavigate={close} />
        <div className="ml-auto hidden md:block">
          <NavLinks />
        </div>
        <div className="ml-auto md:ml-2">
          <LanguageMenu />
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setOpen((value) => !value)}
          className="rounded-md p-2 text-steel-100 hover:bg-white/10 md:hidden"
        >
          {open ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </button>
      </nav>
      <div id="mobile-menu" hidden={!open} className="border-t border-white/10 md:hidden">
        <div className={`${container} py-3`}>
          <NavLinks vertical onNavigate={close} />
        </div>
      </div>
    </header>
  );
}
