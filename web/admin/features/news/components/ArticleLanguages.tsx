import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, type Language } from '#shared/languages';
import { input } from '../../../lib/ui';
import { useLlmStatus } from '../api/llm.queries';
import type { FormMode, useArticleForm } from '../hooks/useArticleForm';
import type { ArticleTranslator } from '../hooks/useTranslateArticle';
import { invalidLanguages } from '../lib/article-draft';
import { draftSourceHash, tabState, type SavedForm } from '../lib/language-state';
import { LanguageTabs } from './LanguageTabs';
import { TranslateWithAi } from './TranslateWithAi';

type Props = {
  mode: FormMode;
  form: ReturnType<typeof useArticleForm>;
  translator: ArticleTranslator;
  language: Language;
  onLanguage: (language: Language) => void;
  panelId: string;
};

const SOURCE_WAITS_ID = 'article-source-waits';

/** The form as it was opened, for telling what the admin changed since. */
export function savedForm(mode: FormMode): SavedForm | null {
  if (mode.kind !== 'edit') return null;
  const outdated = Object.fromEntries(
    Object.entries(mode.article.translations ?? {}).map(([l, t]) => [l, t.outdated]),
  );
  return { draft: mode.draft, outdated };
}

/**
 * The languages of the article form: a tab per language (saying, as the
 * admin types, whether each translation is published, a draft, or made
 * from an older source), the source language, and "Translate with AI" (when
 * the model is configured), which drafts the languages the admin ticks (the
 * missing ones by default). The source language stays as it is while a
 * translation is on its way: the draft would land on texts that changed
 * places, counted as made from a source the article no longer has.
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
  const saved = savedForm(mode);
  const current = draftSourceHash(draft);
  const translating = translator.working.size > 0;

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
            disabled={translating}
            aria-describedby={translating ? SOURCE_WAITS_ID : undefined}
            className={`${input} w-auto disabled:cursor-not-allowed disabled:opacity-60`}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`language.names.${l}`)}
              </option>
            ))}
          </select>
          {translating && (
            <p id={SOURCE_WAITS_ID} className="max-w-xs text-sm text-slate-600">
              {t('admin.translate.sourceWaits')}
            </p>
          )}
        </div>
        {canTranslate && (
          // Another source language starts the choice afresh.
          <TranslateWithAi key={draft.source_language} draft={draft} translator={translator} />
        )}
      </div>
      <LanguageTabs
        selected={language}
        onSelect={onLanguage}
        stateOf={(l) => tabState(draft, saved, l, current)}
        invalid={invalid}
        working={translator.working}
        failed={new Set(Object.keys(translator.failures) as Language[])}
        panelId={panelId}
      />
    </div>
  );
}
