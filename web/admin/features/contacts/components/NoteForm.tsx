import { StickyNote } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoteSchema } from '#shared/contact-thread';
import { errorMessage } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { Field, fieldAria } from '../../../components/Field';
import { useLeaveGuard } from '../../../hooks/useLeaveGuard';
import { button, input } from '../../../lib/ui';
import { useAddNote } from '../api/thread.queries';

/**
 * An internal note on the enquiry, for colleagues: it joins the thread and is
 * never e-mailed. Leaving the page with a note written and not added asks first.
 */
export function NoteForm({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const adding = useAddNote();
  const id = `note-${contactId}`;
  useLeaveGuard(text.trim() !== '');

  const add = () => {
    const parsed = NoteSchema.safeParse({ text });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation.note.required'));
      return;
    }
    setError(undefined);
    adding.mutate(
      { id: contactId, text: parsed.data.text },
      {
        onSuccess: () => {
          setText('');
          toast.success(t('admin.toast.noteAdded'));
        },
        onError: (e) => setError(errorMessage(e, t, 'admin.contacts.notes.failed')),
      },
    );
  };

  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!adding.isPending) add();
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
          onChange={(e) => setText(e.target.value)}
          className={input}
        />
      </Field>
      <button
        type="submit"
        className={button.secondary}
        aria-disabled={adding.isPending || undefined}
      >
        <StickyNote aria-hidden="true" className="h-4 w-4" />
        {t('admin.contacts.notes.add')}
      </button>
    </form>
  );
}
