import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, ContactStats } from '#shared/contact';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useNow } from '../../../hooks/useNow';
import { card } from '../../../lib/ui';
import { useContactsQuery, type ContactFolder, type ContactSort } from '../api/contacts.queries';
import { useMailStatus } from '../api/mail.queries';
import { useContactActions } from '../hooks/useContactActions';
import { useRevealContact } from '../hooks/useRevealContact';
import { filterContacts, isFiltered, NO_FILTERS } from '../lib/contact-filters';
import { ContactCard } from './ContactCard';
import { ContactsToolbar } from './ContactsToolbar';
import { ContactStatsPanel } from './ContactStatsPanel';
import { ExportButton } from './ExportButton';
import { MailStatusNotice } from './MailStatusNotice';

/**
 * The Contacts tab: e-mail status, statistics, the inbox or the spam folder
 * with filters and order, and the enquiries with their actions. Ages and
 * reply markers follow the clock (renewed every minute).
 */
export function ContactsManager({ stats }: { stats: ContactStats | null }) {
  const { t } = useTranslation();
  const now = useNow();
  const mail = useMailStatus();
  const [folder, setFolder] = useState<ContactFolder>('inbox');
  const [sort, setSort] = useState<ContactSort>('newest');
  const [filters, setFilters] = useState(NO_FILTERS);
  const list = useContactsQuery({
    enabled: true,
    folder,
    sort: folder === 'spam' ? 'newest' : sort,
  });
  const contacts = useMemo(
    () => (list.isError ? [] : (list.data ?? [])),
    [list.isError, list.data],
  );
  const shown = useMemo(
    () =>
      filterContacts(
        contacts,
        folder === 'spam' ? { ...NO_FILTERS, query: filters.query } : filters,
        now,
      ),
    [contacts, folder, filters, now],
  );
  const { pendingId, remove, removing, ...act } = useContactActions();
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  useRevealContact(folder === 'inbox' && list.isSuccess && !list.isPlaceholderData);

  const empty =
    contacts.length > 0 && isFiltered(filters)
      ? t('admin.contacts.noMatch')
      : folder === 'spam'
        ? t('admin.contacts.spamEmpty')
        : t('admin.contacts.empty');

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
        <ExportButton folder={folder} />
      </div>
      <MailStatusNotice status={mail} />
      {stats && <ContactStatsPanel stats={stats} />}
      <ContactsToolbar
        folder={folder}
        onFolder={setFolder}
        counts={stats ? { inbox: stats.total, spam: stats.spam } : null}
        sort={sort}
        onSort={setSort}
        filters={filters}
        onFilters={setFilters}
      />
      {shown.length === 0 ? (
        <p className={`${card} px-6 py-10 text-center text-sm text-slate-600`}>
          {list.isPending ? t('admin.common.loadingList') : empty}
        </p>
      ) : (
        <ul className="space-y-3" aria-busy={list.isPlaceholderData || undefined}>
          {shown.map((contact) => (
            <ContactCard
              key={contact.id}
              contact={contact}
              now={now}
              pending={pendingId === contact.id}
              onToggleRead={() => pendingId === null && act.toggleRead(contact)}
              onToggleReplied={() => pendingId === null && act.toggleReplied(contact)}
              onToggleSpam={() => pendingId === null && act.toggleSpam(contact)}
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
