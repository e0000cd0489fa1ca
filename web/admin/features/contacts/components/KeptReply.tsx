import { ClipboardCopy, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '#shared/contact';
import { toast } from '../../../../common/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowAction } from '../../../components/RowAction';
import { button } from '../../../lib/ui';
import { closeReply, movedToSpamHere, useReplyDraft } from '../lib/drafts';

type Props = {
  id: number;
  /** The enquiry, now in the spam folder; null when it was deleted. */
  contact: Contact | null;
  /** A write on the enquiry is on its way (Not spam waits for it). */
  pending: boolean;
  /** Takes the enquiry out of the spam folder (its card then opens with the reply). */
  onNotSpam?: () => void;
};

/**
 * A reply being written to an enquiry that left the inbox under its
 * writer's hands: moved to the spam folder (by a colleague, or from this
 * page) or deleted by a colleague. It can no longer be sent, but it is
 * kept, shown with why, to copy or to discard; for spam, "Not spam" brings
 * the enquiry back with its reply.
 */
export function KeptReply({ id, contact, pending, onNotSpam }: Props) {
  const { t } = useTranslation();
  const text = useReplyDraft(id) ?? '';
  const [discarding, setDiscarding] = useState(false);
  const note = !contact
    ? 'admin.contacts.keptReply.deleted'
    : movedToSpamHere(id)
      ? 'admin.contacts.keptReply.movedToSpamHere'
      : 'admin.contacts.keptReply.movedToSpam';
  const name = contact ? <span className="sr-only">: {contact.name}</span> : null;

  // No clipboard (a page not served over HTTPS) or refused: the text is there to select.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(
        () => toast.success(t('admin.toast.replyCopied')),
        () => toast.failure(t, null, 'admin.contacts.keptReply.copyFailed'),
      );

  return (
    <li
      data-testid="kept-reply"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm sm:p-5"
    >
      <h4 className="text-base font-semibold text-slate-900">
        {contact
          ? t('admin.contacts.keptReply.title', { name: contact.name, email: contact.email })
          : t('admin.contacts.keptReply.titleDeleted')}
      </h4>
      <p className="mt-1 text-sm font-medium text-amber-900">{t(note)}</p>
      <p
        lang={contact?.language}
        className="mt-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm break-words whitespace-pre-line text-slate-800"
      >
        {text}
      </p>
      <div className="mt-3 flex flex-wrap gap-1">
        <button type="button" className={button.secondary} onClick={() => void copy()}>
          <ClipboardCopy aria-hidden="true" className="h-4 w-4" />
          {t('admin.contacts.keptReply.copy')}
          {name}
        </button>
        {contact && onNotSpam && (
          <RowAction pending={pending} className={button.ghost} onClick={onNotSpam}>
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            {t('admin.contacts.notSpam')}
            {name}
          </RowAction>
        )}
        <button type="button" className={button.ghostDanger} onClick={() => setDiscarding(true)}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('admin.contacts.replyEditor.discard')}
          {name}
        </button>
      </div>
      {discarding && (
        <ConfirmDialog
          message={t('admin.contacts.replyEditor.discardConfirm')}
          confirmLabel={t('admin.contacts.replyEditor.discard')}
          cancelLabel={t('admin.contacts.keptReply.keep')}
          onCancel={() => setDiscarding(false)}
          onConfirm={() => {
            setDiscarding(false);
            closeReply(id);
          }}
        />
      )}
    </li>
  );
}
