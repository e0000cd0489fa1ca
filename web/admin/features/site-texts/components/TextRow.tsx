import { RotateCcw, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '#shared/languages';
import type { SiteText } from '#shared/site-texts';
import { input } from '../../../lib/ui';
import { fieldValue, isDirty, keyLabel, type Edits } from '../lib/texts-draft';

type Props = {
  text: SiteText;
  edits: Edits;
  /** What the model wrote, by `key.language`: a field still holding it is a draft to review. */
  drafted: ReadonlyMap<string, string>;
  /** Problems to show under a field, by `key.language` (lost placeholders, the server's refusals). */
  errors: Record<string, string>;
  onChange: (key: string, language: Language, value: string) => void;
};

/** Rows a field gets: long texts (the privacy notice) more. */
const rowsFor = (text: SiteText) =>
  Math.min(
    6,
    Math.max(2, Math.ceil(Math.max(...Object.values(text.defaults).map((d) => d.length)) / 70)),
  );

/**
 * One site text in its three languages side by side. An empty field shows
 * the catalogue's text as its placeholder (that is what the site shows);
 * each field says whether it is the default, changed, unsaved or drafted by
 * the model, and "Use default" empties it.
 */
export function TextRow({ text, edits, drafted, errors, onChange }: Props) {
  const { t } = useTranslation();
  const rows = rowsFor(text);
  const id = (language: Language) => `text-${text.key}-${language}`.replace(/\./g, '-');
  return (
    <fieldset className="space-y-2 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <legend className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-slate-900">
        {keyLabel(text.key, t)}
        <code className="text-xs font-normal text-slate-500">{text.key}</code>
      </legend>
      <div className="grid gap-3 md:grid-cols-3">
        {LANGUAGES.map((language) => {
          const value = fieldValue(text, edits, language);
          const dirty = isDirty(text, edits, language);
          const ai = dirty && drafted.get(`${text.key}.${language}`) === value;
          const error = errors[`${text.key}.${language}`];
          const status = ai
            ? t('admin.siteTexts.status.ai')
            : dirty
              ? t('admin.siteTexts.status.unsaved')
              : value
                ? t('admin.siteTexts.status.changed')
                : t('admin.siteTexts.status.default');
          const describedBy = [`${id(language)}-status`, error ? `${id(language)}-error` : '']
            .filter(Boolean)
            .join(' ');
          return (
            <div key={language} className="space-y-1">
              <label htmlFor={id(language)} className="block text-xs font-medium text-slate-700">
                {t(`language.names.${language}`)}
              </label>
              <textarea
                id={id(language)}
                lang={language}
                rows={rows}
                value={value}
                placeholder={text.defaults[language]}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                onChange={(e) => onChange(text.key, language, e.target.value)}
                className={`${input} resize-y ${ai ? 'border-amber-400 bg-amber-50' : dirty ? 'border-sky-500' : ''}`}
              />
              <div className="flex min-h-6 items-center justify-between gap-2 text-xs">
                <span
                  id={`${id(language)}-status`}
                  className={`inline-flex items-center gap-1 ${ai ? 'text-amber-800' : dirty ? 'text-sky-800' : 'text-slate-600'}`}
                >
                  {ai && <Sparkles aria-hidden="true" className="h-3.5 w-3.5" />}
                  {status}
                </span>
                {value !== '' && (
                  <button
                    type="button"
                    onClick={() => onChange(text.key, language, '')}
                    className="inline-flex items-center gap-1 rounded px-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                    aria-label={t('admin.siteTexts.useDefaultIn', {
                      language: t(`article.inLanguage.${language}`),
                    })}
                  >
                    <RotateCcw aria-hidden="true" className="h-3.5 w-3.5" />
                    {t('admin.siteTexts.useDefault')}
                  </button>
                )}
              </div>
              {error && (
                <p id={`${id(language)}-error`} className="text-xs text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
