import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, type Language } from '#shared/languages';
import { applyLanguage } from '../../common/i18n';

/**
 * The same language choice as the public site: localStorage + cookie,
 * applied at once; `onChosen` hears of it too (signed in, the account
 * keeps it).
 */
export function LanguageSwitcher({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="flex items-center gap-1 text-sm text-slate-600">
        <Languages aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only sm:not-sr-only">{t('admin.language')}</span>
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          void applyLanguage(i18n, next, { remember: true });
          onChosen?.(next);
        }}
        className="rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-800 focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600/30"
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {t(`language.names.${lang}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
