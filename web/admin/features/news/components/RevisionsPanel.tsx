import { History } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/date-time';
import { pickLanguage, type Language } from '#shared/languages';
import type { Revision } from '#shared/revisions';
import { toast } from '../../../../common/toast';
import { Modal } from '../../../components/Modal';
import { RowAction } from '../../../components/RowAction';
import { Spinner } from '../../../components/Spinner';
import { button, input } from '../../../lib/ui';
import { useRestoreRevision, useRevisions } from '../api/history.queries';
import { RevisionDiff } from './RevisionDiff';

type Props = {
  articleId: number;
  languages: Language[];
  /** After a restore: the form's text is old now, so it closes. */
  onRestored: () => void;
  /**
   * When the form has unsaved changes: asks first whether to discard them,
   * and calls `restore` only if so. Without it a restore starts at once.
   */
  askFirst?: (restore: () => void) => void;
  /**
   * The model is translating in the form: restoring waits, as the drafts
   * would land on the text the restore replaced (and the form it closes).
   */
  translating?: boolean;
  onClose: () => void;
  returnFocusTo?: RefObject<HTMLElement | null>;
};

const RESTORE_WAITS_ID = 'revisions-restore-waits';

/** Whether `revision` is its language's newest (the text as it is now). */
const isCurrent = (revision: Revision, all: Revision[]) =>
  all.find((r) => r.language === revision.language)?.id === revision.id;

/**
 * The saved versions of the article's text, per language, newest first: who
 * saved each and when, what it changed, and one click to bring one back (a
 * restore is a new save, so it can be undone the same way). Restoring
 * waits while the form's translation is on its way.
 */
export function RevisionsPanel({
  articleId,
  languages,
  onRestored,
  askFirst,
  translating = false,
  onClose,
  returnFocusTo,
}: Props) {
  const { t, i18n } = useTranslation();
  const revisions = useRevisions(articleId);
  const restore = useRestoreRevision();
  const [language, setLanguage] = useState<Language | 'all'>('all');
  const all = revisions.data ?? [];
  const shown = language === 'all' ? all : all.filter((r) => r.language === language);

  const restoreNow = (revision: Revision) =>
    restore.mutate(
      { id: articleId, revisionId: revision.id },
      {
        onSuccess: () => {
          toast.success(t('admin.revisions.restored'));
          onRestored();
        },
        onError: (error) => toast.failure(t, error, 'admin.revisions.restoreFailed'),
      },
    );
  const bringBack = (revision: Revision) =>
    askFirst ? askFirst(() => restoreNow(revision)) : restoreNow(revision);

  return (
    <Modal title={t('admin.revisions.title')} onClose={onClose} returnFocusTo={returnFocusTo}>
      <div className="space-y-4 px-6 py-5">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          {t('admin.revisions.language')}
          <select
            value={language}
            onChange={(e) => setLanguage(e.target.value as Language | 'all')}
            className={`${input} w-auto`}
          >
            <option value="all">{t('admin.common.all')}</option>
            {languages.map((l) => (
              <option key={l} value={l}>
                {t(`language.names.${l}`)}
              </option>
            ))}
          </select>
        </label>
        {translating && (
          <p id={RESTORE_WAITS_ID} className="text-sm text-slate-600">
            {t('admin.revisions.restoreWaits')}
          </p>
        )}
        {revisions.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="h-4 w-4" />
            {t('admin.common.loadingList')}
          </p>
        ) : !shown.length ? (
          <p className="text-sm text-slate-600">{t('admin.revisions.empty')}</p>
        ) : (
          <ol className="max-h-[60vh] space-y-4 overflow-y-auto">
            {shown.map((revision) => (
              <li
                key={revision.id}
                data-testid="revision"
                className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm text-slate-800">
                    <span className="font-semibold">
                      {t(`language.names.${revision.language}`)}
                    </span>
                    {' · '}
                    {formatDateTime(revision.created_at, pickLanguage(i18n.language))}
                    {' · '}
                    {revision.user ? revision.user.username : t('admin.revisions.unknownUser')}
                  </p>
                  {isCurrent(revision, all) ? (
                    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
                      {t('admin.revisions.current')}
                    </span>
                  ) : (
                    <RowAction
                      pending={restore.isPending || translating}
                      aria-describedby={translating ? RESTORE_WAITS_ID : undefined}
                      className={button.secondary}
                      onClick={() => bringBack(revision)}
                    >
                      <History aria-hidden="true" className="h-4 w-4" />
                      {t('admin.revisions.restore')}
                    </RowAction>
                  )}
                </div>
                <RevisionDiff changes={revision.changes} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </Modal>
  );
}
