import { useTranslation } from 'react-i18next';
import type { ArticleTranslations } from '#shared/article-languages';
import { LANGUAGES } from '#shared/languages';
import type { Article } from '#shared/news';

/**
 * EN PT DE: which language versions an article has. The source is filled in
 * dark, a translation green, an outdated one (its source changed after it was
 * saved) amber, a missing one outlined; each says so to screen readers.
 */
export function LanguageChips({ article }: { article: Article }) {
  const { t } = useTranslation();
  const translations: ArticleTranslations = article.translations ?? {};
  return (
    <ul className="flex items-center gap-1" aria-label={t('admin.translate.versions')}>
      {LANGUAGES.map((language) => {
        const state =
          language === article.source_language
            ? 'source'
            : translations[language]?.outdated
              ? 'outdated'
              : article.languages.includes(language)
                ? 'done'
                : 'missing';
        const style = {
          source: 'border-slate-900 bg-slate-900 text-white',
          done: 'border-emerald-200 bg-emerald-50 text-emerald-900',
          outdated: 'border-amber-300 bg-amber-100 text-amber-900',
          missing: 'border-dashed border-slate-300 text-slate-500 line-through',
        }[state];
        const description = `${t(`language.names.${language}`)}: ${t(`admin.translate.state.${state}`)}`;
        return (
          <li
            key={language}
            data-language={language}
            data-state={state}
            title={description}
            className={`rounded border px-1.5 py-0.5 font-mono text-[11px] font-semibold ${style}`}
          >
            <span aria-hidden="true">{language.toUpperCase()}</span>
            <span className="sr-only">{description}</span>
          </li>
        );
      })}
    </ul>
  );
}
