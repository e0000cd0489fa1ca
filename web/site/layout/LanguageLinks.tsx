import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LANGUAGES, pickLanguage } from '#shared/languages';
import { siblingPath } from '../lib/language';

/**
 * This page in each language as plain links (a full page load, to the
 * addresses the language menu links), each marked with its language, the
 * current one said so: they work without JavaScript (the footer's, and the
 * header's below `md` when the language menu cannot open).
 */
export function LanguageLinks({
  className,
  linkClass,
  label,
}: {
  className: string;
  /** The classes of a link: the current language's, or another's. */
  linkClass: (current: boolean) => string;
  /** The list's accessible name, when no landmark around it gives one. */
  label?: string;
}) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const current = pickLanguage(i18n.language);
  return (
    <ul className={className} aria-label={label}>
      {LANGUAGES.map((language) => (
        <li key={language}>
          <a
            href={siblingPath(pathname, search, language)}
            hrefLang={language}
            lang={language}
            aria-current={language === current ? 'true' : undefined}
            className={linkClass(language === current)}
          >
            {t(`language.names.${language}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
