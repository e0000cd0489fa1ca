import { StickyNote } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoteSchema } from '#shared/contact-thread';
import { errorMessage } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { Field, fieldAria } from '../../../components/Field';
import { button, input } from '../../../lib/ui';
import { useAddNote } from '../api/thread.queries';
import { addNote, keepNoteDraft, useNoteAdd, useNoteDraft } from '../lib/drafts';

/**
 * An internal note on the enquiry, for colleagues: it joins the thread and is
 * never e-mailed. What is written is kept by enquiry (lib/drafts.ts),
 * as an unsent reply is, until it is added: the card closed and opened
 * again, another admin page or tab, a card that left the list and came
 * back, a reload or a closed window all find it there. So, like the reply,
 * leaving the page with a note not added does not ask (no useLeaveGuard).
 */
export function NoteForm({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const text = useNoteDraft(contactId) ?? '';
  const [invalid, setInvalid] = useState<string | undefined>();
  const adding = useNoteAdd(contactId);
  const pending = adding?.state === 'sending';
  const error =
    invalid ??
    (adding?.state === 'failed'
      ? errorMessage(adding.error, t, 'admin.contacts.notes.failed')
      : undefined);
  const addNow = useAddNote().mutateAsync;
  const id = `note-${contactId}`;

  const add = () => {
    const parsed = NoteSchema.safeParse({ text });
    if (!parsed.success) {
      setInvalid(t(parsed.error.issues[0]?.message ?? 'validation.note.required'));
      return;
    }
    setInvalid(undefined);
    // Settled by the store even if the card is closed or taken down meanwhile.
    void addNote(contactId, text, () => addNow({ id: contactId, text: parsed.data.text })).then(
      (done) => {
        if (done) toast.success(t('admin.toast.noteAdded'));
      },
    );
  };

  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) add();
      }}
    >
      <Field
        id={id}
        label={t('admin.contacts.notes.label')}
        hint={t('admin.contacts.notes.hint')}
        error={error}
      >
        <textarea
          {...fieldAria(id, { error, hint: true })}
          rows={3}
          value={text}
          onChange={(e) => keepNoteDraft(contactId, e.target.value === '' ? null : e.target.value)}
          className={input}
        />
      </Field>
      <button type="submit" className={button.secondary} aria-disabled={pending || undefined}>
        <StickyNote aria-hidden="true" className="h-4 w-4" />
        {t('admin.contacts.notes.add')}
      </button>
    </form>
  );
}
