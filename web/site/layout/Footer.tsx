import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Mail, MapPin, Phone } from 'lucide-react';
import { pickLanguage } from '#shared/languages';
import { telHref } from '#shared/phone';
import { useLocalize } from '../lib/page-language';
import { container } from '../ui/styles';
import { LanguageLinks } from './LanguageLinks';
import { useNavPages, type NavPageLink } from './useNavPages';

/**
 * Company blurb, links (in the page's language: the site's pages, those
 * placed in the header, as the header lists them, and in the footer, the
 * privacy page, the feed), a contact summary (the contact page's e-mail and
 * phone, so a new number is edited once), the copyright line and this page
 * in each language. Its links are plain HTML: without JavaScript (or when
 * the scripts fail), where the mobile menu and the language menu cannot
 * open, they still reach every page of the menus and the other languages.
 */
export function Footer() {
  const { t, i18n } = useTranslation();
  const localize = useLocalize();
  const headerPages = useNavPages('header');
  const pages = useNavPages('footer');
  const year = new Date().getUTCFullYear();
  const heading = 'font-display text-sm font-semibold tracking-wider text-white uppercase';
  const link = 'text-steel-300 transition hover:text-signal-300';
  const pageLink = (page: NavPageLink) => (
    <li key={page.to}>
      <Link
        className={link}
        to={localize(page.to)}
        lang={page.lang === i18n.language ? undefined : page.lang}
      >
        {page.title}
      </Link>
    </li>
  );
  return (
    <footer className="site-dark border-t border-white/10 bg-navy-950 text-sm text-steel-300">
      <div className={`${container} grid gap-10 py-12 md:grid-cols-3`}>
        <div className="space-y-3">
          <p className="font-display text-lg font-bold text-white">{t('meta.siteName')}</p>
          <p className="max-w-xs leading-relaxed">{t('footer.blurb')}</p>
        </div>
        <nav aria-label={t('footer.linksLabel')} className="space-y-3">
          <h2 className={heading}>{t('footer.links')}</h2>
          <ul className="space-y-2">
            <li>
              <Link className={link} to={localize('/')}>
                {t('nav.home')}
              </Link>
            </li>
            <li>
              <Link className={link} to={localize('/news')}>
                {t('nav.news')}
              </Link>
            </li>
            {headerPages.map(pageLink)}
            <li>
              <Link className={link} to={localize('/contact')}>
                {t('nav.contact')}
              </Link>
            </li>
            {pages.map(pageLink)}
            <li>
              <Link className={link} to={localize('/privacy')}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <a className={link} href={`/rss.xml?lang=${pickLanguage(i18n.language)}`}>
                {t('footer.rss')}
              </a>
            </li>
          </ul>
        </nav>
        <div className="space-y-3">
          <h2 className={heading}>{t('footer.contact')}</h2>
          <ul className="space-y-2">
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 text-signal-400" />
              <a className={link} href={`mailto:${t('contact.details.email')}`}>
                {t('contact.details.email')}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 text-signal-400" />
              <a className={link} href={`tel:${telHref(t('contact.details.phone'))}`}>
                {t('contact.details.phone')}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 text-signal-400" />
              <span>{t('footer.city')}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div
          className={`${container} flex flex-col gap-3 py-5 text-xs text-steel-400 sm:flex-row sm:items-center sm:justify-between`}
        >
          <p>{t('footer.copyright', { year, name: t('meta.siteName') })}</p>
          {/* The same page in each language, as the language menu links it (a full page load). */}
          <nav aria-label={t('language.menu')}>
            <LanguageLinks
              className="flex flex-wrap gap-x-4 gap-y-2"
              linkClass={(current) => (current ? 'font-semibold text-white' : link)}
            />
          </nav>
        </div>
      </div>
    </footer>
  );
}
