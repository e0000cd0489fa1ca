import { Building2, Mail, MailCheck, MailOpen, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#shared/dates';
import { pickLanguage } from '#shared/languages';
import type { Contact } from '#shared/contact';
import { RowAction } from '../../../components/RowAction';
import { button } from '../../../lib/ui';

type Props = { contact: Contact; pending: boolean; onToggleRead: () => void; onDelete: () => void };

/** One enquiry; unread ones carry a 'New' badge and a highlighted border. */
export function ContactCard({ contact, pending, onToggleRead, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const name = <span className="sr-only">: {contact.name}</span>;
  return (
    <li
      data-testid="contact-card"
      className={`rounded-xl border bg-white p-4 shadow-sm sm:p-5 ${
        contact.read ? 'border-slate-200' : 'border-sky-500 ring-1 ring-sky-500'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold text-slate-900">{contact.name}</h3>
            {!contact.read && (
              <span className="rounded-full bg-sky-600 px-2 py-0.5 text-xs font-semibold text-white">
                {t('admin.contacts.new')}
              </span>
            )}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
            <a
              href={`mailto:${contact.email}`}
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
        <div className="text-right text-xs text-slate-600">
          <p>
            {t('admin.contacts.received', {
              date: formatDateTime(contact.created_at, pickLanguage(i18n.language)),
            })}
          </p>
          <p className="mt-0.5 font-medium">
            {contact.read ? t('admin.contacts.read') : t('admin.contacts.unread')}
          </p>
        </div>
      </div>
      <p className="mt-3 text-sm whitespace-pre-line text-slate-800">{contact.message}</p>
      <div className="mt-3 flex flex-wrap gap-1 border-t border-slate-100 pt-3">
        <RowAction pending={pending} className={button.ghost} onClick={onToggleRead}>
          {contact.read ? (
            <MailOpen aria-hidden="true" className="h-4 w-4" />
          ) : (
            <MailCheck aria-hidden="true" className="h-4 w-4" />
          )}
          {contact.read ? t('admin.contacts.markUnread') : t('admin.contacts.markRead')}
          {name}
        </RowAction>
        <RowAction pending={pending} className={button.ghostDanger} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('admin.contacts.delete')}
          {name}
        </RowAction>
      </div>
    </li>
  );
}
