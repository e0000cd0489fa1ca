import { History } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { articleDate } from '#shared/dates';
import type { Language } from '#shared/languages';
import { isPublic } from '#shared/publication';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { useLeaveGuard } from '../../../hooks/useLeaveGuard';
import { button } from '../../../lib/ui';
import { useArticleForm, type FormMode } from '../hooks/useArticleForm';
import { useFocusFirstProblem } from '../hooks/useFocusFirstProblem';
import { useTranslateArticle } from '../hooks/useTranslateArticle';
import { isBlank, searchErrors, textErrors, textIn } from '../lib/article-draft';
import { useDocumentKind } from '../lib/document-kind';
import { ArticlePreview } from './ArticlePreview';
import { ArticleTextFields } from './ArticleTextFields';
import { ArticleLanguages } from './ArticleLanguages';
import { ImageField } from './ImageField';
import { LanguagePublish } from './LanguagePublish';
import { NavField } from './NavField';
import { RevisionsPanel } from './RevisionsPanel';
import { ScheduleField } from './ScheduleField';
import { SharePreview } from './SharePreview';
import { SlugField } from './SlugField';
import { SearchFields } from './SearchFields';
import { SlugRedirectNote } from './SlugRedirectNote';
import { ViewOnSite } from './ViewOnSite';

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
 * state are shared by every language. Closing it (Escape, the backdrop, Close, Cancel) or
 * restoring a revision with unsaved changes asks first; an untouched form just closes.
 */
export function ArticleFormModal({ mode, categories, onClose, onSaved, returnFocusTo }: Props) {
  const { t } = useTranslation();
  const page = useDocumentKind() === 'page';
  const form = useArticleForm(mode, onSaved);
  const { draft, set, slugAuto, errors, busy, dirty, uploading, submit } = form;
  useLeaveGuard(dirty);
  const from = mode.draft.source_language;
  const opening = mode.kind === 'create' ? mode.translate : undefined;
  const translator = useTranslateArticle(
    form.fillTranslation,
    opening && { source: textIn(mode.draft, from), from, targets: opening },
  );
  // Saving now would lose the drafts on their way: it waits for them.
  const translating = translator.working.size > 0;
  // So does a picture still uploading (it would be saved without it).
  const waiting = translating || uploading;
  const waitsFor = [
    translating && 'article-save-waits',
    uploading && 'article-save-waits-upload',
  ].filter(Boolean);
  const [language, setLanguage] = useState<Language>(draft.source_language);
  // What waits for "Discard changes" (closing, or restoring a revision), if asked.
  const [discardThen, setDiscardThen] = useState<(() => void) | null>(null);
  const askDiscard = (then: () => void) => setDiscardThen(() => then);
  const formElement = useRef<HTMLFormElement>(null);
  useFocusFirstProblem(formElement, form, language, setLanguage);
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyButton = useRef<HTMLButtonElement>(null);
  const creating = mode.kind === 'create';
  const stored = mode.kind === 'edit' ? mode.article : null;
  const wasPublic = stored !== null && isPublic(stored);
  const requestClose = () => (dirty ? askDiscard(onClose) : onClose());

  return (
    <>
      <Modal
        title={
          page
            ? t(creating ? 'admin.pages.createTitle' : 'admin.pages.editTitle')
            : t(creating ? 'admin.form.createTitle' : 'admin.form.editTitle')
        }
        onClose={requestClose}
        size="xl"
        busy={busy}
        returnFocusTo={returnFocusTo}
      >
        <form
          ref={formElement}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!waiting) submit();
          }}
        >
          <div className="grid gap-6 px-6 py-5 lg:grid-cols-2">
            <div className="space-y-4">
              <ArticleLanguages
                mode={mode}
                form={form}
                translator={translator}
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
                  openedCategory={mode.draft.category}
                  categories={categories}
                  setText={(field, value) => form.setText(language, field, value)}
                  setCategory={(value) => set('category', value)}
                  translating={translator.working.has(language)}
                />
                {language !== draft.source_language && !isBlank(textIn(draft, language)) && (
                  <LanguagePublish
                    language={language}
                    published={draft.states[language]?.published ?? true}
                    onChange={(published) => form.setPublishedIn(language, published)}
                  />
                )}
                <details className="rounded-md border border-slate-200 px-3 py-2">
                  <summary className="cursor-pointer text-sm font-medium text-slate-800">
                    {t('admin.seo.section', { language: t(`article.inLanguage.${language}`) })}
                  </summary>
                  <div className="pt-3">
                    <SearchFields
                      draft={draft}
                      language={language}
                      errors={searchErrors(errors, draft.source_language, language)}
                      setSearch={(field, value) => form.setSearch(language, field, value)}
                      onUploading={form.trackUpload}
                    />
                  </div>
                </details>
              </div>
              <SlugField
                value={draft.slug}
                auto={slugAuto}
                error={errors.slug}
                onChange={(v) => set('slug', v)}
                onTakeOver={form.slugReusable ? () => submit({ reuseSlug: true }) : undefined}
                waiting={busy || waiting}
              />
              {wasPublic && <SlugRedirectNote saved={stored.slug} value={draft.slug} />}
              {page && (
                <NavField value={draft.nav} error={errors.nav} onChange={(v) => set('nav', v)} />
              )}
              <ImageField draft={draft} errors={errors} set={set} onUploading={form.trackUpload} />
              <ScheduleField
                draft={draft}
                isPublic={wasPublic}
                error={errors.schedule_at}
                set={set}
              />
              {stored && <SharePreview articleId={stored.id} />}
              {stored && (
                <p>
                  <ViewOnSite doc={stored} language={language} className={button.secondary} />
                </p>
              )}
            </div>
            <ArticlePreview
              draft={draft}
              language={language}
              date={mode.kind === 'edit' ? articleDate(mode.article) : new Date().toISOString()}
            />
          </div>
          {errors.updated_at && (
            <div
              role="alert"
              className="mx-6 mb-4 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            >
              <div className="min-w-0 flex-1 space-y-1">
                <p>{errors.updated_at}</p>
                {form.colleague.map((change) => (
                  <p key={change.kind === 'withdrawn' ? change.kind : change.language}>
                    {change.kind === 'withdrawn'
                      ? t('admin.form.colleague.withdrawn')
                      : t('admin.form.colleague.languageUnpublished', {
                          language: t(`article.inLanguage.${change.language}`),
                        })}
                  </p>
                ))}
              </div>
              <button
                type="button"
                className={button.secondary}
                disabled={busy || waiting}
                onClick={() => submit({ overwrite: true })}
              >
                {t('admin.form.saveAnyway')}
              </button>
            </div>
          )}
          <div className="flex flex-wrap items-center justify-end gap-3 rounded-b-xl border-t border-slate-200 bg-slate-50 px-6 py-4">
            {stored && (
              <button
                ref={historyButton}
                type="button"
                className={`${button.ghost} mr-auto`}
                onClick={() => setHistoryOpen(true)}
              >
                <History aria-hidden="true" className="h-4 w-4" />
                {t('admin.revisions.open')}
              </button>
            )}
            {translating && (
              <p id="article-save-waits" className="w-full text-sm text-slate-600 sm:w-auto">
                {t('admin.translate.saveWaits')}
              </p>
            )}
            {uploading && (
              <p id="article-save-waits-upload" className="w-full text-sm text-slate-600 sm:w-auto">
                {t('admin.form.saveWaitsUpload')}
              </p>
            )}
            <button
              type="button"
              className={button.secondary}
              onClick={requestClose}
              disabled={busy}
            >
              {t('admin.common.cancel')}
            </button>
            <button
              type="submit"
              className={button.primary}
              disabled={busy || waiting}
              aria-describedby={waitsFor.length > 0 ? waitsFor.join(' ') : undefined}
            >
              {busy && <Spinner className="h-4 w-4" />}
              {busy
                ? t('admin.form.saving')
                : creating
                  ? t(page ? 'admin.pages.create' : 'admin.form.create')
                  : t('admin.form.save')}
            </button>
          </div>
        </form>
      </Modal>
      {historyOpen && stored && (
        <RevisionsPanel
          articleId={stored.id}
          languages={stored.languages}
          returnFocusTo={historyButton}
          onClose={() => setHistoryOpen(false)}
          onRestored={onSaved}
          askFirst={dirty ? askDiscard : undefined}
          translating={translating}
        />
      )}
      {discardThen && (
        <ConfirmDialog
          message={t(page ? 'admin.pages.discardMessage' : 'admin.form.discardMessage')}
          confirmLabel={t('admin.form.discard')}
          cancelLabel={t('admin.form.keepEditing')}
          onCancel={() => setDiscardThen(null)}
          onConfirm={() => {
            setDiscardThen(null);
            discardThen();
          }}
        />
      )}
    </>
  );
}
