import { useTranslation } from 'react-i18next';
import type { ArticleTranslation } from '#shared/article-languages';
import { LANGUAGES, type Language } from '#shared/languages';

type Versions = {
  source_language: Language;
  languages: readonly Language[];
  published: boolean;
  translations?: Partial<Record<Language, Pick<ArticleTranslation, 'published' | 'outdated'>>>;
};

/** What a language version is, as the list shows it. */
export type ChipState = 'published' | 'draft' | 'outdated' | 'missing';

export function chipState(doc: Versions, language: Language): ChipState {
  if (language === doc.source_language) return doc.published ? 'published' : 'draft';
  const translation = doc.translations?.[language];
  if (!translation || !doc.languages.includes(language)) return 'missing';
  if (translation.outdated) return 'outdated';
  return translation.published ? 'published' : 'draft';
}

const STYLE: Record<ChipState, string> = {
  published: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  draft: 'border-violet-200 bg-violet-50 text-violet-900',
  outdated: 'border-amber-300 bg-amber-100 text-amber-900',
  missing: 'border-dashed border-slate-300 text-slate-500',
};

/**
 * EN ✓ PT draft DE –: each language version of an article or page, public
 * (✓), a draft (the source while the article is one, or a translation not
 * published), outdated (made from an older source), or missing (–); the
 * source is outlined in dark. Each says so to screen readers.
 */
export function LanguageChips({ article }: { article: Versions }) {
  const { t } = useTranslation();
  return (
    <ul className="flex items-center gap-1" aria-label={t('admin.translate.versions')}>
      {LANGUAGES.map((language) => {
        const state = chipState(article, language);
        const source = language === article.source_language;
        const mark = { published: '✓', draft: t('admin.chips.draft'), outdated: '!', missing: '–' }[
          state
        ];
        const description = `${t(`language.names.${language}`)}: ${t(`admin.chips.${state}`)}${
          source ? ` (${t('admin.translate.state.source')})` : ''
        }`;
        return (
          <li
            key={language}
            data-language={language}
            data-state={state}
            data-source={source || undefined}
            title={description}
            className={`rounded border px-1.5 py-0.5 font-mono text-[11px] font-semibold ${STYLE[state]} ${
              source ? 'ring-1 ring-slate-900' : ''
            }`}
          >
            <span aria-hidden="true">
              {language.toUpperCase()} {mark}
            </span>
            <span className="sr-only">{description}</span>
          </li>
        );
      })}
    </ul>
  );
}
