import { useEffect } from 'react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { otherLanguages, type ArticleTranslations } from '#shared/article-languages';
import { LANGUAGES, isLanguage, type Language } from '#shared/languages';
import { button, input } from '../../../lib/ui';
import { useLlmStatus } from '../api/llm.queries';
import type { FormMode, useArticleForm } from '../hooks/useArticleForm';
import { useTranslateArticle } from '../hooks/useTranslateArticle';
import { invalidLanguages, isBlank, textIn, type ArticleDraft } from '../lib/article-draft';
import { LanguageTabs, type TabState } from './LanguageTabs';

type Props = {
  mode: FormMode;
  form: ReturnType<typeof useArticleForm>;
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
 * drafts the missing languages, or the chosen tab's again when none is missing.
 */
export function ArticleLanguages({ mode, form, language, onLanguage, panelId }: Props) {
  const { t } = useTranslation();
  const { draft, errors } = form;
  const llm = useLlmStatus();
  const { working, translate } = useTranslateArticle(form.fillTranslation);
  const invalid = invalidLanguages(errors, draft.source_language);

  // After a failed save, show a language with errors if the chosen one has none.
  useEffect(() => {
    const first = LANGUAGES.find((l) => invalid.has(l));
    if (first && !invalid.has(language)) onLanguage(first);
    // Only a new set of errors moves the tabs, never a tab chosen by hand.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);

  const source = textIn(draft, draft.source_language);
  const missing = otherLanguages(draft.source_language).filter((l) => isBlank(textIn(draft, l)));
  const targets = missing.length ? missing : language !== draft.source_language ? [language] : [];
  const sourceReady = !isBlank(source) && Object.values(source).every((v) => v.trim() !== '');
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
          <button
            type="button"
            className={button.secondary}
            disabled={!sourceReady || targets.length === 0 || targets.every((l) => working.has(l))}
            title={sourceReady ? undefined : t('admin.translate.needSource')}
            onClick={() => translate(source, draft.source_language, targets)}
          >
            <Languages aria-hidden="true" className="h-4 w-4" />
            {t('admin.translate.button', {
              languages: targets.map((l) => l.toUpperCase()).join(', ') || '—',
            })}
          </button>
        )}
      </div>
      <LanguageTabs
        selected={language}
        onSelect={onLanguage}
        stateOf={(l) => tabState(mode, draft, l)}
        invalid={invalid}
        working={working}
        panelId={panelId}
      />
    </div>
  );
}
