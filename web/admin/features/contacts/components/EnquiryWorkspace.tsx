import { useTranslation } from 'react-i18next';
import type { Contact } from '#shared/contact';
import { useLlmStatus } from '../../news/api/llm.queries';
import { useMailStatus } from '../api/mail.queries';
import { useContactDetail, useReplyTemplate } from '../api/thread.queries';
import { EarlierEnquiries } from './EarlierEnquiries';
import { EnquiryThread } from './EnquiryThread';
import { NoteForm } from './NoteForm';
import { ReplyEditor } from './ReplyEditor';

/**
 * An enquiry opened for answering: the visitor's earlier enquiries, if
 * any, its thread top to bottom (the enquiry, the auto-reply, replies and
 * notes), the reply to the visitor, and a note for colleagues.
 */
export function EnquiryWorkspace({ contact, id }: { contact: Contact; id: string }) {
  const { t } = useTranslation();
  const detail = useContactDetail(contact.id);
  const template = useReplyTemplate(contact.id);
  const mail = useMailStatus();
  const llm = useLlmStatus();
  const aiEnabled = typeof llm === 'object' && llm.configured;
  const loading = <p className="text-sm text-slate-600">{t('admin.common.loadingList')}</p>;

  return (
    <div
      id={id}
      data-testid="enquiry-workspace"
      className="mt-3 grid gap-5 border-t border-slate-100 pt-3 lg:grid-cols-2"
    >
      <section aria-labelledby={`${id}-thread`} className="space-y-2">
        <h4 id={`${id}-thread`} className="text-sm font-semibold text-slate-900">
          {t('admin.contacts.thread.title')}
        </h4>
        {detail.data ? (
          <>
            <EarlierEnquiries earlier={detail.data.earlier} />
            <EnquiryThread entries={detail.data.thread} visitor={contact.name} />
          </>
        ) : detail.isError ? (
          <p className="text-sm text-red-700">{t('admin.errors.loadData')}</p>
        ) : (
          loading
        )}
        <NoteForm contactId={contact.id} />
      </section>
      <section className="space-y-2">
        {template.data ? (
          <ReplyEditor
            contact={contact}
            template={template.data}
            mailEnabled={mail?.enabled}
            aiEnabled={aiEnabled}
            thread={detail.data?.thread}
          />
        ) : template.isError ? (
          <p className="text-sm text-red-700">{t('admin.errors.loadData')}</p>
        ) : (
          loading
        )}
      </section>
    </div>
  );
}
