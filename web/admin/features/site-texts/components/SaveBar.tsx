import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { button } from '../../../lib/ui';
import type { TextsEditor } from '../hooks/useTextsEditor';

/** Fixed at the bottom while anything is unsaved: how much, Save and Discard. */
export function SaveBar({ editor }: { editor: TextsEditor }) {
  const { t } = useTranslation();
  if (editor.unsaved === 0) return null;
  return (
    <div
      role="region"
      aria-label={t('admin.siteTexts.saveBar')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-lg backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
        <p role="status" className="text-sm text-slate-700">
          {editor.blocked
            ? t('admin.siteTexts.fixFirst')
            : t('admin.siteTexts.unsaved', { count: editor.unsaved })}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className={button.secondary}
            disabled={editor.saving}
            onClick={editor.discard}
          >
            {t('admin.siteTexts.discard')}
          </button>
          <button
            type="button"
            className={button.primary}
            disabled={editor.saving || editor.blocked}
            onClick={editor.submit}
          >
            {editor.saving && <Spinner className="h-4 w-4" />}
            {editor.saving ? t('admin.siteTexts.saving') : t('admin.siteTexts.save')}
          </button>
        </div>
      </div>
    </div>
  );
}
