import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedPath } from '#shared/language-paths';
import { LANGUAGES, type Language } from '#shared/languages';
import type { SiteText } from '#shared/site-texts';
import { input } from '../../../lib/ui';
import { fieldValue, type Edits } from '../lib/texts-draft';

const PAGES = [
  { key: 'home', path: '/' },
  { key: 'news', path: '/news' },
  { key: 'contact', path: '/contact' },
  { key: 'privacy', path: '/privacy' },
] as const;

type Props = {
  texts: SiteText[];
  edits: Edits;
  initialLanguage: Language;
  /** The language last typed in: the preview switches to it. */
  follow: Language | null;
};

/**
 * Page titles and descriptions are not seen on the page: they show as a
 * search engine lists the pages, with the unsaved texts in place (the titles
 * as the site writes them, with the company's name after all but the home
 * page's).
 */
export function SearchPreview({ texts, edits, initialLanguage, follow }: Props) {
  const { t } = useTranslation();
  const selectId = useId();
  const [language, setLanguage] = useState(initialLanguage);
  useEffect(() => {
    if (follow) setLanguage(follow);
  }, [follow]);
  const text = (key: string) => {
    const entry = texts.find((x) => x.key === key);
    return entry ? fieldValue(entry, edits, language).trim() || entry.defaults[language] : '';
  };
  const site = text('meta.siteName');
  return (
    <section aria-label={t('admin.siteTexts.preview.searchTitle')} className="space-y-3">
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="text-sm whitespace-nowrap text-slate-700">
          {t('admin.siteTexts.preview.language')}
        </label>
        <select
          id={selectId}
          value={language}
          onChange={(e) => setLanguage(e.target.value as Language)}
          className={`${input} w-auto py-1`}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {t(`language.names.${l}`)}
            </option>
          ))}
        </select>
      </div>
      <ul className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" lang={language}>
        {PAGES.map(({ key, path }) => {
          const title = text(`meta.${key}.title`);
          return (
            <li key={key}>
              <p className="truncate text-xs text-slate-600">{localizedPath(language, path)}</p>
              <p className="truncate text-lg text-sky-800">
                {key === 'home' ? title : `${title} | ${site}`}
              </p>
              <p className="line-clamp-2 text-sm text-slate-700">
                {text(`meta.${key}.description`)}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
