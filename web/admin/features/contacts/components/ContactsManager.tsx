import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, ContactStats } from '#shared/contact';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { card, input, label } from '../../../lib/ui';
import { useContactActions } from '../hooks/useContactActions';
import { ContactCard } from './ContactCard';
import { ContactStatsPanel } from './ContactStatsPanel';

type Filter = 'all' | 'unread' | 'read';
type Props = { contacts: Contact[]; stats: ContactStats | null };

/** The Contacts tab: statistics, a read/unread filter and the enquiries. */
export function ContactsManager({ contacts, stats }: Props) {
  const { t } = useTranslation();
  const { pendingId, toggleRead, remove, removing } = useContactActions();
  const [filter, setFilter] = useState<Filter>('all');
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  const visible = useMemo(
    () => contacts.filter((c) => filter === 'all' || (filter === 'read') === c.read),
    [contacts, filter],
  );

  return (
    <section aria-labelledby="contacts-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2
          id="contacts-title"
          tabIndex={-1}
          data-focus-fallback
          className="text-lg font-semibold text-slate-900"
        >
          {t('admin.contacts.title')}
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor="contacts-filter" className={label}>
            {t('admin.contacts.filterLabel')}
          </label>
          <select
            id="contacts-filter"
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            className={`${input} w-40`}
          >
            <option value="all">{t('admin.common.all')}</option>
            <option value="unread">{t('admin.contacts.filterUnread')}</option>
            <option value="read">{t('admin.contacts.filterRead')}</option>
          </select>
        </div>
      </div>
      {stats && <ContactStatsPanel stats={stats} />}
      {visible.length === 0 ? (
        <p className={`${card} px-6 py-10 text-center text-sm text-slate-600`}>
          {contacts.length === 0 ? t('admin.contacts.empty') : t('admin.contacts.noMatch')}
        </p>
      ) : (
        <ul className="space-y-3">
          {visible.map((contact) => (
            <ContactCard
              key={contact.id}
              contact={contact}
              pending={pendingId === contact.id}
              onToggleRead={() => pendingId === null && toggleRead(contact)}
              onDelete={() => setToDelete(contact)}
            />
          ))}
        </ul>
      )}
      {toDelete && (
        <ConfirmDialog
          message={t('admin.contacts.confirmDelete')}
          confirmLabel={t('admin.contacts.delete')}
          busy={removing}
          onCancel={() => setToDelete(null)}
          onConfirm={() => remove(toDelete, () => setToDelete(null))}
        />
      )}
    </section>
  );
}
