import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ThreadEntry } from '#shared/contact';
import { formatDateTime } from '#shared/date-time';
import { pickLanguage, type Language } from '#shared/languages';
import { Modal } from '../../../components/Modal';
import { button } from '../../../lib/ui';

type Props = {
  /** The server's refusal: "A colleague replied at …". */
  message: string;
  /** The replies that came after those the writer saw (empty while the thread is asked again). */
  replies: readonly ThreadEntry[];
  /** The enquiry's language, which the replies are written in. */
  language: Language;
  onSendAnyway: () => void;
  onKeepWriting: () => void;
};

/**
 * A reply refused because a colleague replied after the writer opened the
 * thread: what the colleague wrote, and the choice to send the reply anyway
 * or go back to it (kept as written either way). Going back has the focus,
 * so Enter never sends by accident.
 */
export function ColleagueReplied({
  message,
  replies,
  language,
  onSendAnyway,
  onKeepWriting,
}: Props) {
  const { t, i18n } = useTranslation();
  const reader = pickLanguage(i18n.language);
  return (
    <Modal
      title={t('admin.contacts.replyEditor.colleagueTitle')}
      description={message}
      onClose={onKeepWriting}
      role="alertdialog"
    >
      <div className="space-y-3 px-6 pt-4 text-sm text-slate-800">
        {replies.length === 0 ? (
          <p className="text-slate-600">{t('admin.common.loadingList')}</p>
        ) : (
          replies.map((reply) => (
            <figure
              key={`${reply.at}-${reply.by ?? ''}`}
              className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2"
            >
              <figcaption className="text-xs text-slate-700">
                {t('admin.contacts.replyEditor.theirReply', {
                  name: reply.by_name ?? reply.by ?? t('admin.contacts.thread.formerColleague'),
                  time: formatDateTime(reply.at, reader),
                })}
              </figcaption>
              <blockquote lang={language} className="mt-1 break-words whitespace-pre-line">
                {reply.text}
              </blockquote>
            </figure>
          ))
        )}
        <p>{t('admin.contacts.replyEditor.yoursKept')}</p>
      </div>
      <div className="flex justify-end gap-3 px-6 py-4">
        <button type="button" data-autofocus className={button.secondary} onClick={onKeepWriting}>
          {t('admin.contacts.replyEditor.keepWriting')}
        </button>
        <button type="button" className={button.primary} onClick={onSendAnyway}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {t('admin.contacts.replyEditor.sendAnyway')}
        </button>
      </div>
    </Modal>
  );
}
