import { useCallback, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Check, ChevronDown, Globe } from 'lucide-react';
import { LANGUAGES, pickLanguage, type Language } from '#shared/languages';
import { applyLanguage } from '../../common/i18n';
import { useDismiss } from '../../common/useDismiss';
import { siblingPath } from '../lib/language';

/**
 * The language menu: a button that opens a list of the three languages, each
 * a link to the same page in that language (`/de/news`), so the address
 * always says the language and can be shared. Closes on Escape, outside
 * click and choice; arrow keys move between items. A choice is saved
 * (localStorage + cookie), its texts are applied, then the sibling page loads.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const current = pickLanguage(i18n.language);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);

  const items = () => [
    ...(root.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []),
  ];
  const openWithFocus = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => items().at(index)?.focus());
  };
  const choose = (event: MouseEvent, language: Language) => {
    // A new tab or window (modifier keys, middle button) is the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
    const to = siblingPath(pathname, search, language);
    // The texts switch first, so the sibling page arrives in its language with no mixed frame.
    void applyLanguage(i18n, language, { remember: true }).then(() => navigate(to));
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move) {
      event.preventDefault();
      list[(at + move + list.length) % list.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      list.at(event.key === 'Home' ? 0 : -1)?.focus();
    } else if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key === ' ' && at >= 0) {
      // Links answer Enter only; a menu item also answers Space.
      event.preventDefault();
      list[at]?.click();
    }
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openWithFocus(event.key === 'ArrowDown' ? 0 : -1);
          }
        }}
        className="flex items-center gap-1.5 rounded-md border border-white/20 px-2 py-2 sm:gap-2 sm:px-3 text-sm font-medium text-steel-100 transition hover:border-white/50 hover:bg-white/5"
      >
        <Globe aria-hidden="true" className="size-4" />
        <span className="uppercase">{current}</span>
        {/* The visible code starts the accessible name (WCAG 2.5.3, label in name). */}
        <span className="sr-only">{` – ${t('language.label', { language: t(`language.names.${current}`) })}`}</span>
        <ChevronDown
          aria-hidden="true"
          className={`hidden size-4 transition sm:block ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <ul
        id={listId}
        role="menu"
        aria-label={t('language.menu')}
        hidden={!open}
        onKeyDown={onMenuKey}
        className="site-light absolute right-0 z-50 mt-2 w-48 overflow-hidden rounded-md border border-steel-200 bg-white py-1 text-navy-900 shadow-xl"
      >
        {LANGUAGES.map((language) => (
          <li key={language} role="none">
            <a
              href={siblingPath(pathname, search, language)}
              hrefLang={language}
              role="menuitemradio"
              aria-checked={language === current}
              lang={language}
              tabIndex={-1}
              onClick={(event) => choose(event, language)}
              className="flex w-full items-center justify-between px-4 py-2 text-left text-sm hover:bg-navy-50 focus:bg-navy-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-(--focus-ring) focus-visible:ring-inset"
            >
              {/* Every catalogue names each language in its own tongue (endonyms). */}
              {t(`language.names.${language}`)}
              {language === current && (
                <Check aria-hidden="true" className="size-4 text-signal-600" />
              )}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
