import { Send, Sparkles } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, ThreadEntry } from '#shared/contact';
import { ReplySchema, replyStart, saysNothing, type ReplyTemplate } from '#shared/contact-thread';
import { errorMessage } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Field, fieldAria } from '../../../components/Field';
import { Spinner } from '../../../components/Spinner';
import { button, input } from '../../../lib/ui';
import { colleagueReplied, repliesIn, useDraftReply, useSendReply } from '../api/thread.queries';
import {
  dismissReplyFailure,
  keepReplyDraft,
  leaveReply,
  replyDraft,
  returnToReply,
  sendReply,
  useReplyDraft,
  useReplySend,
} from '../lib/drafts';
import { ColleagueReplied } from './ColleagueReplied';

type Props = {
  contact: Contact;
  template: ReplyTemplate;
  /** E-mail is on (SMTP_URL); undefined while unknown. */
  mailEnabled: boolean | undefined;
  /** A language model is configured for drafting. */
  aiEnabled: boolean;
  /** The thread the writer reads beside the editor; undefined while it loads. */
  thread?: readonly ThreadEntry[];
};

/**
 * The reply to the visitor, in the enquiry's language: it starts from the
 * team's greeting and signature, the visitor's message is quoted under it
 * as the e-mail will quote it, "Draft with AI" fills in an answer to review
 * (asking first before replacing what was written; the text is read-only
 * while the draft is on its way, and if it changed all the same, the draft
 * asks again before replacing it), and Send e-mails it in
 * the enquiry's thread, marking the enquiry replied. Send says how many
 * replies the thread held: refused because a colleague replied since, the
 * colleague's reply is shown with "Send anyway" (ColleagueReplied). What is written is kept
 * by enquiry (lib/drafts.ts) until it is sent, so an editor opened
 * again, or a card that left the list and came back, starts from it; so is
 * a reply on its way (shown as being sent, and not sent twice, by whichever
 * card of the enquiry is drawn) and, for a card drawn again while the
 * writer was typing, where the caret was.
 */
export function ReplyEditor({ contact, template, mailEnabled, aiEnabled, thread }: Props) {
  const { t } = useTranslation();
  const start = replyStart(template);
  const text = useReplyDraft(contact.id) ?? start;
  const [invalid, setInvalid] = useState<string | undefined>();
  const [confirmDraft, setConfirmDraft] = useState(false);
  // A draft that arrived after the text had changed since "Draft with AI": it waits for a yes.
  const [arrived, setArrived] = useState<string | null>(null);
  const sendReplyNow = useSendReply().mutateAsync;
  const sent = useReplySend(contact.id);
  const sending = sent?.state === 'sending';
  const conflict = sent?.state === 'failed' && colleagueReplied(sent.error) ? sent.error : null;
  // The replies the writer had seen when the refused reply was sent (the newer ones are shown).
  const seenAtSend = useRef<number | undefined>(undefined);
  const error =
    invalid ??
    (sent?.state === 'failed' && !conflict
      ? errorMessage(sent.error, t, 'admin.contacts.replyEditor.sendFailed')
      : undefined);
  const drafting = useDraftReply();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const box = useRef<HTMLTextAreaElement>(null);
  // A card drawn again (moved above the list or back) while the writer was typing in its reply:
  // the focus, lost with the card taken down, comes back to the text, the caret where it was.
  useLayoutEffect(() => {
    const textarea = box.current;
    const caret = returnToReply(contact.id);
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (textarea && caret && lost) {
      textarea.focus();
      textarea.setSelectionRange(caret.start, caret.end);
    }
    return () => {
      if (textarea && document.activeElement === textarea)
        leaveReply(contact.id, textarea.selectionStart, textarea.selectionEnd);
    };
  }, [contact.id]);
  const id = `reply-${contact.id}`;
  const busy = sending || drafting.isPending;
  const mailOff = mailEnabled === false;

  const write = (next: string) => keepReplyDraft(contact.id, next === start ? null : next);

  const takeDraft = (message: string) => {
    setArrived(null);
    write(message);
    setInvalid(undefined);
    dismissReplyFailure(contact.id);
    toast.success(t('admin.contacts.replyEditor.drafted'));
  };

  const draft = () => {
    setConfirmDraft(false);
    abort.current = new AbortController();
    // What the draft replaces, agreed to now; the store's text, as a card drawn again sees it.
    const asked = replyDraft(contact.id) ?? null;
    drafting.mutate(
      { id: contact.id, signal: abort.current.signal },
      {
        onSuccess: ({ message }) => {
          // Changed meanwhile (another card of the enquiry, a tab): replacing it is asked again.
          if ((replyDraft(contact.id) ?? null) !== asked) setArrived(message);
          else takeDraft(message);
        },
        onError: (e) => toast.failure(t, e, 'admin.contacts.replyEditor.draftFailed'),
      },
    );
  };

  /** Sends the text; `checked`: refused if a colleague replied after the thread shown. */
  const send = (checked = true) => {
    const parsed = ReplySchema.safeParse({ message: text });
    if (!parsed.success) {
      setInvalid(t(parsed.error.issues[0]?.message ?? 'validation.reply.required'));
      return;
    }
    if (saysNothing(parsed.data.message, template)) {
      setInvalid(t('validation.reply.nothingWritten'));
      return;
    }
    setInvalid(undefined);
    const { email } = contact;
    const seen = checked && thread ? repliesIn(thread) : undefined;
    seenAtSend.current = seen;
    // Settled by the store even if this card is taken down meanwhile (a filter of unanswered
    // enquiries moves it above the list): the card drawn in its place shows the outcome.
    void sendReply(contact.id, text, () =>
      sendReplyNow({ id: contact.id, message: parsed.data.message, seen }),
    ).then((done) => {
      if (done) toast.success(t('admin.toast.replySent', { email }));
    });
  };

  return (
    <form
      className="space-y-3"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && !mailOff) send();
      }}
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {t('admin.contacts.replyEditor.title', { email: contact.email })}
      </h4>
      <Field
        id={id}
        label={t('admin.contacts.replyEditor.label', {
          language: t(`admin.contacts.languages.${contact.language}`),
        })}
        error={error}
        hint={mailOff ? t('admin.contacts.replyEditor.mailOff') : undefined}
      >
        <textarea
          {...fieldAria(id, { error, hint: mailOff })}
          lang={contact.language}
          ref={box}
          rows={10}
          value={text}
          // The draft replaces the text: what is typed while it is on its way would be lost.
          readOnly={drafting.isPending}
          aria-busy={drafting.isPending || undefined}
          onChange={(e) => write(e.target.value)}
          className={`${input} font-sans leading-relaxed`}
        />
      </Field>
      <p role="status" className="text-sm text-sky-900 empty:hidden">
        {drafting.isPending ? t('admin.contacts.replyEditor.draftingNote') : ''}
      </p>
      <figure className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        <figcaption className="text-xs text-slate-600">
          {t('admin.contacts.replyEditor.quoted')} {template.quote_intro}
        </figcaption>
        <blockquote
          lang={contact.language}
          className="mt-1 border-l-4 border-slate-300 pl-3 break-words whitespace-pre-line text-slate-700"
        >
          {contact.message}
        </blockquote>
      </figure>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={button.primary}
          aria-disabled={busy || mailOff || undefined}
        >
          <Send aria-hidden="true" className="h-4 w-4" />
          {sending ? t('admin.contacts.replyEditor.sending') : t('admin.contacts.replyEditor.send')}
        </button>
        {aiEnabled && (
          <button
            type="button"
            className={button.secondary}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (busy) return;
              if (text.trim() !== start.trim()) setConfirmDraft(true);
              else draft();
            }}
          >
            {drafting.isPending ? (
              <Spinner className="h-4 w-4" />
            ) : (
              <Sparkles aria-hidden="true" className="h-4 w-4" />
            )}
            {drafting.isPending
              ? t('admin.contacts.replyEditor.drafting')
              : t('admin.contacts.replyEditor.draft')}
          </button>
        )}
      </div>
      {confirmDraft && (
        <ConfirmDialog
          message={t('admin.contacts.replyEditor.replaceConfirm')}
          confirmLabel={t('admin.contacts.replyEditor.replace')}
          onCancel={() => setConfirmDraft(false)}
          onConfirm={draft}
        />
      )}
      {conflict && (
        <ColleagueReplied
          message={conflict.message}
          replies={newerReplies(thread ?? [], seenAtSend.current)}
          language={contact.language}
          onKeepWriting={() => dismissReplyFailure(contact.id)}
          onSendAnyway={() => send(false)}
        />
      )}
      {arrived !== null && (
        <ConfirmDialog
          message={t('admin.contacts.replyEditor.replaceConfirm')}
          confirmLabel={t('admin.contacts.replyEditor.replace')}
          cancelLabel={t('admin.contacts.replyEditor.keepWriting')}
          onCancel={() => setArrived(null)}
          onConfirm={() => takeDraft(arrived)}
        />
      )}
    </form>
  );
}

/**
 * The replies after the first `seen` of a thread (else its last reply, for
 * a card drawn again since the refused send); none until the thread, asked
 * again, holds more than the writer saw.
 */
function newerReplies(thread: readonly ThreadEntry[], seen: number | undefined): ThreadEntry[] {
  const replies = thread.filter((entry) => entry.kind === 'reply');
  return replies.slice(seen ?? Math.max(replies.length - 1, 0));
}
