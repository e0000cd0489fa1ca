import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { articleDate } from '#shared/dates';
import type { Language } from '#shared/languages';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { button } from '../../../lib/ui';
import { useArticleForm, type FormMode } from '../hooks/useArticleForm';
import { textErrors, textIn } from '../lib/article-draft';
import { ArticlePreview } from './ArticlePreview';
import { ArticleTextFields } from './ArticleTextFields';
import { ArticleLanguages } from './ArticleLanguages';
import { ImageUrlField } from './ImageUrlField';
import { SlugField } from './SlugField';

type Props = {
  mode: FormMode;
  categories: string[];
  onClose: () => void;
  onSaved: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/**
 * Create or edit an article, with the live preview (of the language whose tab
 * is chosen) beside the fields on wide screens. Category, slug, image and
 * state are shared by every language. Closing it (Escape, the backdrop, Close, Cancel) with unsaved
 * changes asks first; an untouched form just closes.
 */
export function ArticleFormModal({ mode, categories, onClose, onSaved, returnFocusTo }: Props) {
  const { t } = useTranslation();
  const form = useArticleForm(mode, onSaved);
  const { draft, set, slugAuto, errors, busy, dirty, submit } = form;
  const [language, setLanguage] = useState<Language>(draft.source_language);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const creating = mode.kind === 'create';
  const requestClose = () => (dirty ? setConfirmingClose(true) : onClose());

  return (
    <>
      <Modal
        title={creating ? t('admin.form.createTitle') : t('admin.form.editTitle')}
        onClose={requestClose}
        size="xl"
        busy={busy}
        returnFocusTo={returnFocusTo}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-6 px-6 py-5 lg:grid-cols-2">
            <div className="space-y-4">
              <ArticleLanguages
                mode={mode}
                form={form}
                language={language}
                onLanguage={setLanguage}
                panelId="article-language-panel"
              />
              <div
                id="article-language-panel"
                role="tabpanel"
                aria-labelledby={`article-tab-${language}`}
                className="space-y-4"
              >
                <ArticleTextFields
                  text={textIn(draft, language)}
                  language={language}
                  errors={textErrors(errors, draft.source_language, language)}
                  category={draft.category}
                  categories={categories}
                  setText={(field, value) => form.setText(language, field, value)}
                  setCategory={(value) => set('category', value)}
                />
              </div>
              <SlugField
                value={draft.slug}
                auto={slugAuto}
                error={errors.slug}
                onChange={(v) => set('slug', v)}
              />
              <ImageUrlField
                value={draft.image_url}
                error={errors.image_url}
                onChange={(v) => set('image_url', v)}
              />
              {creating && (
                <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    name="published"
                    checked={draft.published}
                    onChange={(e) => set('published', e.target.checked)}
                    className="h-4 w-4 rounded border-slate-400 accent-slate-900"
                  />
                  {t('admin.form.publishNow')}
                </label>
              )}
            </div>
            <ArticlePreview
              draft={draft}
              language={language}
              date={mode.kind === 'edit' ? articleDate(mode.article) : new Date().toISOString()}
            />
          </div>
          <div className="flex justify-end gap-3 rounded-b-xl border-t border-slate-200 bg-slate-50 px-6 py-4">
            <button
              type="button"
              className={button.secondary}
              onClick={requestClose}
              disabled={busy}
            >
              {t('admin.common.cancel')}
            </button>
            <button type="submit" className={button.primary} disabled={busy}>
              {busy && <Spinner className="h-4 w-4" />}
              {busy
                ? t('admin.form.saving')
                : creating
                  ? t('admin.form.create')
                  : t('admin.form.save')}
            </button>
          </div>
        </form>
      </Modal>
      {confirmingClose && (
        <ConfirmDialog
          message={t('admin.form.discardMessage')}
          confirmLabel={t('admin.form.discard')}
          cancelLabel={t('admin.form.keepEditing')}
          onCancel={() => setConfirmingClose(false)}
          onConfirm={onClose}
        />
      )}
    </>
  );
}
