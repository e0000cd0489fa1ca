import {
  Building2,
  CheckCheck,
  Mail,
  MailCheck,
  MailOpen,
  MessageSquareReply,
  ShieldAlert,
  ShieldCheck,
  Trash2,
  Undo2,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '#shared/contact';
import { mailtoHref } from '#shared/mailto';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowAction } from '../../../components/RowAction';
import { button } from '../../../lib/ui';
import { closeReply, movingToSpam, openReply, replyDraft, useOpenReplies } from '../lib/drafts';
import { replyStatus } from '../lib/reply-status';
import { AssigneeSelect } from './AssigneeSelect';
import { ContactSource } from './ContactSource';
import { ContactTimes } from './ContactTimes';
import { EnquiryWorkspace } from './EnquiryWorkspace';
import { ReplyMarker, ReplyNotDelivered } from './ReplyMarker';
import { SpamReasons } from './SpamReasons';

export type ContactCardActions = {
  onToggleRead: () => void;
  onToggleReplied: () => void;
  onToggleSpam: () => void;
  onDelete: () => void;
};

type Props = ContactCardActions & { contact: Contact; now: Date; pending: boolean };

/**
 * One enquiry. In the inbox: a 'New' badge and a highlighted border while
 * unread, where it stands against its reply promise (and "Reply not
 * delivered" when the mail server refused its last reply), who handles it, Reply
 * (which opens its thread, the reply editor and notes; closing it with a
 * reply written and not sent asks first), and read, replied, spam and
 * delete actions. In the spam folder: why it was filed there, 'Not
 * spam' and delete.
 */
export function ContactCard({ contact, now, pending, ...on }: Props) {
  const { t } = useTranslation();
  const { state, line } = replyStatus(contact, now);
  const unread = !contact.read && !contact.spam;
  const name = <span className="sr-only">: {contact.name}</span>;
  const replied = contact.replied_at !== null;
  const open = useOpenReplies().includes(contact.id);
  const [confirmClose, setConfirmClose] = useState(false);
  const workspace = `contact-${contact.id}-workspace`;
  return (
    <li
      id={`contact-${contact.id}`}
      tabIndex={-1}
      data-testid="contact-card"
      className={`scroll-mt-4 rounded-xl border bg-white p-4 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-slate-900 sm:p-5 ${
        unread ? 'border-sky-500 ring-1 ring-sky-500' : 'border-slate-200'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold text-slate-900">{contact.name}</h3>
            {unread && (
              <span className="rounded-full bg-sky-700 px-2 py-0.5 text-xs font-semibold text-white">
                {t('admin.contacts.new')}
              </span>
            )}
            <ReplyMarker state={state} />
            {contact.reply_failed && !contact.spam && <ReplyNotDelivered />}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
            <a
              href={mailtoHref(contact.email)}
              className="inline-flex items-center gap-1 text-sky-800 underline-offset-2 hover:underline"
            >
              <Mail aria-hidden="true" className="h-4 w-4" />
              {contact.email}
            </a>
            {contact.company && (
              <span className="inline-flex items-center gap-1">
                <Building2 aria-hidden="true" className="h-4 w-4 text-slate-500" />
                <span className="sr-only">{t('admin.contacts.company')}: </span>
                {contact.company}
              </span>
            )}
          </p>
        </div>
        <ContactTimes contact={contact} now={now} line={line} />
      </div>
      <p className="mt-3 text-sm break-words whitespace-pre-line text-slate-800">
        {contact.message}
      </p>
      <ContactSource contact={contact} />
      {contact.spam && <SpamReasons reasons={contact.spam_reasons} message={contact.message} />}
      {!contact.spam && (
        <div className="mt-3">
          <AssigneeSelect contact={contact} />
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-1 border-t border-slate-100 pt-3">
        {!contact.spam && (
          <>
            <button
              type="button"
              className={open ? button.secondary : button.primary}
              aria-expanded={open}
              aria-controls={open ? workspace : undefined}
              onClick={() => {
                if (!open) openReply(contact.id);
                else if (replyDraft(contact.id) !== undefined) setConfirmClose(true);
                else closeReply(contact.id);
              }}
            >
              <MessageSquareReply aria-hidden="true" className="h-4 w-4" />
              {open ? t('admin.contacts.closeReply') : t('admin.contacts.reply')}
              {name}
            </button>
            <RowAction pending={pending} className={button.ghost} onClick={on.onToggleRead}>
              {contact.read ? (
                <MailOpen aria-hidden="true" className="h-4 w-4" />
              ) : (
                <MailCheck aria-hidden="true" className="h-4 w-4" />
              )}
              {contact.read ? t('admin.contacts.markUnread') : t('admin.contacts.markRead')}
              {name}
            </RowAction>
            <RowAction pending={pending} className={button.ghost} onClick={on.onToggleReplied}>
              {replied ? (
                <Undo2 aria-hidden="true" className="h-4 w-4" />
              ) : (
                <CheckCheck aria-hidden="true" className="h-4 w-4" />
              )}
              {replied ? t('admin.contacts.markUnreplied') : t('admin.contacts.markReplied')}
              {name}
            </RowAction>
          </>
        )}
        <RowAction
          pending={pending}
          className={button.ghost}
          onClick={() => {
            // A reply kept for it says who moved it (OpenReplies).
            if (!contact.spam) movingToSpam(contact.id);
            on.onToggleSpam();
          }}
        >
          {contact.spam ? (
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          ) : (
            <ShieldAlert aria-hidden="true" className="h-4 w-4" />
          )}
          {contact.spam ? t('admin.contacts.notSpam') : t('admin.contacts.markSpam')}
          {name}
        </RowAction>
        <RowAction pending={pending} className={button.ghostDanger} onClick={on.onDelete}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('admin.contacts.delete')}
          {name}
        </RowAction>
      </div>
      {open && !contact.spam && <EnquiryWorkspace contact={contact} id={workspace} />}
      {confirmClose && (
        <ConfirmDialog
          message={t('admin.contacts.replyEditor.discardConfirm')}
          confirmLabel={t('admin.contacts.replyEditor.discard')}
          cancelLabel={t('admin.contacts.replyEditor.keepWriting')}
          onCancel={() => setConfirmClose(false)}
          onConfirm={() => {
            setConfirmClose(false);
            closeReply(contact.id);
          }}
        />
      )}
    </li>
  );
}
