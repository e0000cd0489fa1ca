import { Sparkles } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { otherLanguages } from '#shared/article-languages';
import { LANGUAGES, isLanguage, pickLanguage, type Language } from '#shared/languages';
import { AI_CATEGORIES, AI_PROMPT_MAX_LENGTH, type GeneratedArticle } from '#shared/llm';
import { Field } from '../../../components/Field';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { button, input } from '../../../lib/ui';
import { useGenerateArticle } from '../hooks/useGenerateArticle';
import { useDocumentKind } from '../lib/document-kind';
import { AiTips } from './AiTips';

type Props = {
  onClose: () => void;
  /** `translateTo`: the languages the form drafts from the article as it opens. */
  onGenerated: (article: GeneratedArticle, language: Language, translateTo: Language[]) => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/**
 * 'AI Content Generation': describe the article, optionally pick a category,
 * choose the language it is written in (the dashboard's by default), get a
 * draft. "Draft in all three languages" (on: the site is read in three)
 * has the form translate the draft into the other two as it opens.
 */
export function AiGenerateModal({ onClose, onGenerated, returnFocusTo }: Props) {
  const { t, i18n } = useTranslation();
  const [prompt, setPrompt] = useState('');
  const [category, setCategory] = useState('');
  // A page has no category.
  const page = useDocumentKind() === 'page';
  const [language, setLanguage] = useState(() => pickLanguage(i18n.language));
  const [allLanguages, setAllLanguages] = useState(true);
  const { busy, generate } = useGenerateArticle((article, lang) =>
    onGenerated(article, lang, allLanguages ? otherLanguages(lang) : []),
  );
  const blank = prompt.trim() === '';

  return (
    <Modal
      title={t('admin.ai.title')}
      description={t('admin.ai.description')}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          generate(prompt, category, language);
        }}
      >
        <div className="space-y-4 px-6 py-5">
          <Field
            id="ai-prompt"
            label={t('admin.ai.promptLabel')}
            hint={t('admin.ai.promptCount', { count: prompt.length, max: AI_PROMPT_MAX_LENGTH })}
          >
            <textarea
              id="ai-prompt"
              aria-describedby="ai-prompt-hint"
              aria-required="true"
              data-autofocus
              rows={5}
              maxLength={AI_PROMPT_MAX_LENGTH}
              value={prompt}
              disabled={busy}
              placeholder={t('admin.ai.promptPlaceholder')}
              onChange={(e) => setPrompt(e.target.value)}
              className={input}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            {!page && (
              <Field id="ai-category" label={t('admin.ai.categoryLabel')}>
                <select
                  id="ai-category"
                  value={category}
                  disabled={busy}
                  onChange={(e) => setCategory(e.target.value)}
                  className={input}
                >
                  <option value="">{t('admin.ai.letAiChoose')}</option>
                  {AI_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {t(`admin.ai.categories.${c}`)}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <Field id="ai-language" label={t('admin.ai.languageLabel')}>
              <select
                id="ai-language"
                value={language}
                disabled={busy}
                onChange={(e) => isLanguage(e.target.value) && setLanguage(e.target.value)}
                className={input}
              >
                {LANGUAGES.map((lang) => (
                  <option key={lang} value={lang} lang={lang}>
                    {t(`language.names.${lang}`)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <div className="flex items-start gap-3">
            <input
              id="ai-all-languages"
              type="checkbox"
              checked={allLanguages}
              disabled={busy}
              aria-describedby="ai-all-languages-hint"
              onChange={(e) => setAllLanguages(e.target.checked)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-slate-900"
            />
            <div className="space-y-0.5">
              <label htmlFor="ai-all-languages" className="text-sm font-medium text-slate-800">
                {t('admin.ai.allLanguages')}
              </label>
              <p id="ai-all-languages-hint" className="text-xs text-slate-600">
                {t('admin.ai.allLanguagesHint')}
              </p>
            </div>
          </div>
          <AiTips />
        </div>
        <div className="flex justify-end gap-3 rounded-b-xl border-t border-slate-200 bg-slate-50 px-6 py-4">
          <button type="button" className={button.secondary} onClick={onClose}>
            {t('admin.common.cancel')}
          </button>
          <button type="submit" className={button.primary} disabled={blank || busy}>
            {busy ? (
              <Spinner className="h-4 w-4" />
            ) : (
              <Sparkles aria-hidden="true" className="h-4 w-4" />
            )}
            {busy ? t('admin.ai.generating') : t('admin.ai.generate')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
