import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleTranslations } from '#shared/article-languages';
import { LANGUAGES, isLanguage, type Language } from '#shared/languages';
import { input } from '../../../lib/ui';
import { useLlmStatus } from '../api/llm.queries';
import type { FormMode, useArticleForm } from '../hooks/useArticleForm';
import type { ArticleTranslator } from '../hooks/useTranslateArticle';
import { invalidLanguages, isBlank, textIn, type ArticleDraft } from '../lib/article-draft';
import { LanguageTabs, type TabState } from './LanguageTabs';
import { TranslateWithAi } from './TranslateWithAi';

type Props = {
  mode: FormMode;
  form: ReturnType<typeof useArticleForm>;
  translator: ArticleTranslator;
  language: Language;
  onLanguage: (language: Language) => void;
  panelId: string;
};

/**
 * A translation is outdated when the stored one is (the source changed after
 * it was saved) and the form still holds it as stored.
 */
function tabState(mode: FormMode, draft: ArticleDraft, language: Language): TabState {
  if (language === draft.source_language) return 'source';
  const text = textIn(draft, language);
  if (isBlank(text)) return 'missing';
  const stored = mode.kind === 'edit' ? (mode.article.translations as ArticleTranslations) : {};
  const saved = stored?.[language];
  const unchanged =
    saved &&
    saved.title === text.title &&
    saved.excerpt === text.excerpt &&
    saved.content === text.content;
  return saved?.outdated && unchanged ? 'outdated' : 'done';
}

/**
 * The languages of the article form: a tab per language, the source
 * language, and "Translate with AI" (when the model is configured), which
 * drafts the languages the admin ticks (the missing ones by default).
 */
export function ArticleLanguages(props: Props) {
  const { mode, form, translator, language, onLanguage, panelId } = props;
  const { t } = useTranslation();
  const { draft, errors } = form;
  const llm = useLlmStatus();
  const invalid = invalidLanguages(errors, draft.source_language);

  // After a failed save, show a language with errors if the chosen one has none.
  useEffect(() => {
    const first = LANGUAGES.find((l) => invalid.has(l));
    if (first && !invalid.has(language)) onLanguage(first);
    // Only a new set of errors moves the tabs, never a tab chosen by hand.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);

  const canTranslate = typeof llm === 'object' && llm.configured;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <label
            htmlFor="article-source-language"
            className="block text-sm font-medium text-slate-800"
          >
            {t('admin.translate.sourceLabel')}
          </label>
          <select
            id="article-source-language"
            value={draft.source_language}
            onChange={(e) => {
              if (isLanguage(e.target.value)) {
                form.setSourceLanguage(e.target.value);
                onLanguage(e.target.value);
              }
            }}
            className={`${input} w-auto`}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`language.names.${l}`)}
              </option>
            ))}
          </select>
        </div>
        {canTranslate && (
          // Another source language starts the choice afresh.
          <TranslateWithAi key={draft.source_language} draft={draft} translator={translator} />
        )}
      </div>
      <LanguageTabs
        selected={language}
        onSelect={onLanguage}
        stateOf={(l) => tabState(mode, draft, l)}
        invalid={invalid}
        working={translator.working}
        failed={new Set(Object.keys(translator.failures) as Language[])}
        panelId={panelId}
      />
    </div>
  );
}
