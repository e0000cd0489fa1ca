import { useTranslation } from 'react-i18next';
import { siteTextGroup, type SiteText } from '#shared/site-texts';
import { Modal } from '../../../components/Modal';
import { button } from '../../../lib/ui';
import type { TextsConflict } from '../hooks/useTextsEditor';
import { fieldValue, keyLabel, type Edits } from '../lib/texts-draft';

type Props = {
  conflict: TextsConflict;
  /** The saved texts (their catalogue texts, for a text shown as the default). */
  texts: SiteText[];
  /** The admin's unsaved texts. */
  edits: Edits;
  onSaveAnyway: () => void;
  onTakeTheirs: () => void;
  /** Back to the texts, nothing chosen. */
  onClose: () => void;
};

/**
 * A save refused because a colleague changed some of its texts after they
 * were opened: each such text as the site shows it now and as the admin
 * wrote it, and the choice to save anyway (theirs replaced) or use theirs
 * (the admin's changes to those texts dropped, the others kept unsaved).
 * Closing it changes nothing: the texts stay as typed.
 */
export function TextsChangedDialog({
  conflict,
  texts,
  edits,
  onSaveAnyway,
  onTakeTheirs,
  onClose,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('admin.siteTexts.conflict.title')}
      description={conflict.message}
      onClose={onClose}
      role="alertdialog"
    >
      <ul className="space-y-3 px-6 pt-4 text-sm text-slate-800">
        {conflict.changed.map(({ key, language, value }) => {
          const text = texts.find((x) => x.key === key);
          const fallback = text?.defaults[language] ?? '';
          const mine = text ? fieldValue(text, edits, language).trim() : '';
          const shown = (own: string | null) =>
            own ? (
              own
            ) : (
              <>
                <span className="text-slate-600">{fallback}</span>{' '}
                <span className="text-xs text-slate-600">
                  ({t('admin.siteTexts.status.default')})
                </span>
              </>
            );
          return (
            <li
              key={`${key}.${language}`}
              className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2"
            >
              <p className="font-medium text-slate-900">
                {/* Named as its row is: group, text, and the language above its field. */}
                {`${t(`admin.siteTexts.groups.${siteTextGroup(key).id}`)} › ${keyLabel(key, t)} · ${t(`language.names.${language}`)}`}
              </p>
              <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[10rem_1fr]">
                <dt className="text-xs font-medium text-slate-700">
                  {t('admin.siteTexts.conflict.theirs')}
                </dt>
                <dd lang={language} className="break-words whitespace-pre-line">
                  {shown(value)}
                </dd>
                <dt className="text-xs font-medium text-slate-700">
                  {t('admin.siteTexts.conflict.yours')}
                </dt>
                <dd lang={language} className="break-words whitespace-pre-line">
                  {shown(mine)}
                </dd>
              </dl>
            </li>
          );
        })}
      </ul>
      <p className="px-6 pt-3 text-sm text-slate-700">{t('admin.siteTexts.conflict.hint')}</p>
      <div className="flex flex-wrap justify-end gap-3 px-6 py-4">
        <button type="button" className={button.secondary} onClick={onTakeTheirs}>
          {t('admin.siteTexts.conflict.takeTheirs')}
        </button>
        <button type="button" className={button.primary} onClick={onSaveAnyway}>
          {t('admin.siteTexts.conflict.saveAnyway')}
        </button>
      </div>
    </Modal>
  );
}
