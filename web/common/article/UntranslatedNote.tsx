import { useTranslation } from 'react-i18next';
import { LOCALES, pickLanguage, type Language, type Translate } from '#shared/languages';

/** The languages of an article named in `pageLanguage` as one list: "English and Portuguese". */
export function languageList(languages: readonly Language[], pageLanguage: Language, t: Translate) {
  const names = languages.map((language) => t(`article.inLanguage.${language}`));
  return new Intl.ListFormat(LOCALES[pageLanguage], { type: 'conjunction' }).format(names);
}

/**
 * "Only available in English", in the page's language: shown where an
 * article lacks the page's language and its source text stands in. Nothing
 * when the text is in the page's language.
 */
export function UntranslatedNote({
  article,
}: {
  /** The language of the text shown and every language the article exists in. */
  article: { language: Language; languages: readonly Language[] };
}) {
  const { t, i18n } = useTranslation();
  const page = pickLanguage(i18n.language);
  if (article.language === page) return null;
  return (
    <span className="rounded-full border border-steel-300 px-3 py-0.5 text-xs font-medium text-navy-800">
      {t('article.onlyIn', { languages: languageList(article.languages, page, t) })}
    </span>
  );
}
