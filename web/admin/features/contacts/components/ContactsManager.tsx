import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact, ContactStats } from '#shared/contact';
import { ContactListQuerySchema, type ContactListQuery } from '#shared/contact-list';
import { pageCount } from '#shared/pagination';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListPager } from '../../../components/ListPager';
import { useListCount } from '../../../hooks/useListCount';
import { useListQuery } from '../../../hooks/useListQuery';
import { useNow } from '../../../hooks/useNow';
import { card } from '../../../lib/ui';
import { CONTACTS_PAGE_SIZE, useContactsQuery } from '../api/contacts.queries';
import { useMailStatus } from '../api/mail.queries';
import { useContactActions } from '../hooks/useContactActions';
import { useFocusKeptInList } from '../hooks/useFocusKeptInList';
import { useRevealContact } from '../hooks/useRevealContact';
import { closeReply, keepNoteDraft, useOpenReplies, useReplyDrafts } from '../lib/drafts';
import { ContactCardList } from './ContactCardList';
import { ContactsToolbar } from './ContactsToolbar';
import { ContactStatsPanel } from './ContactStatsPanel';
import { ExportButton } from './ExportButton';
import { LinkedContact } from './LinkedContact';
import { MailStatusNotice } from './MailStatusNotice';
import { OpenReplies } from './OpenReplies';

/** The spam folder has only its search; the inbox also its filters and order. */
const inFolder = ({ spam, q, page }: ContactListQuery): ContactListQuery =>
  spam ? { spam, q, page } : { q, page };

/**
 * The Contacts tab: e-mail status, statistics (the overdue and due-soon
 * figures filter the list), the inbox (soonest due first unless another
 * order is chosen) or the spam folder a page at a time, filtered, searched
 * and sorted by the server (kept in the address), and the enquiries with
 * their actions. An enquiry open for a reply stays in view (above the list)
 * when it leaves the page shown. Ages and reply markers
 * follow the clock (renewed every minute).
 */
export function ContactsManager({ stats }: { stats: ContactStats | null }) {
  const { t } = useTranslation();
  const now = useNow();
  const mail = useMailStatus();
  const [address, setAddress] = useListQuery(ContactListQuerySchema);
  const query = address.spam ? inFolder(address) : address;
  const folder = query.spam ? 'spam' : 'inbox';
  // The inbox is in due order unless another is chosen; the spam folder promises nothing.
  const asked = folder === 'inbox' ? { ...query, sort: query.sort ?? 'due' } : query;
  const list = useContactsQuery({ ...asked, per_page: CONTACTS_PAGE_SIZE });
  const contacts = list.isError ? [] : (list.data?.items ?? []);
  const total = list.data?.total ?? 0;
  const count = useListCount();
  const page = query.page ?? 1;
  const pages = pageCount(total, CONTACTS_PAGE_SIZE);
  const { pendingId, remove, removing, ...act } = useContactActions();
  const deletion = useFocusKeptInList(contacts.map((c) => c.id));
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  const { linked, forget } = useRevealContact(
    folder === 'inbox' && list.isSuccess && !list.isPlaceholderData,
  );
  const actionsFor = (contact: Contact) => ({
    onToggleRead: () => pendingId === null && act.toggleRead(contact),
    onToggleReplied: () => pendingId === null && act.toggleReplied(contact),
    onToggleSpam: () => pendingId === null && act.toggleSpam(contact),
    onDelete: () => setToDelete(contact),
  });
  const pinned =
    linked !== null && folder === 'inbox' && !contacts.some((c) => c.id === linked) ? linked : null;
  // Open for a reply, or a reply kept (its enquiry may have gone to spam or been deleted).
  const open = useOpenReplies();
  const drafted = useReplyDrafts();
  const replying = [...open, ...drafted.filter((id) => !open.includes(id))].filter(
    (id) =>
      folder === 'inbox' && !list.isPending && id !== pinned && !contacts.some((c) => c.id === id),
  );

  // A page that no longer exists (enquiries deleted meanwhile): the last one instead.
  const beyond = list.isSuccess && !list.isPlaceholderData && total > 0 && page > pages;
  useEffect(() => {
    if (beyond) setAddress({ page: pages }, { replace: true });
  }, [beyond, pages, setAddress]);

  const filtered =
    query.q !== undefined ||
    query.read !== undefined ||
    query.reply !== undefined ||
    query.assignee !== undefined;
  const empty = filtered
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
        <ExportButton query={query} filtered={filtered} />
      </div>
      <MailStatusNotice status={mail} />
      {stats && (
        <ContactStatsPanel
          stats={stats}
          reply={folder === 'inbox' ? query.reply : undefined}
          onReply={(reply) => setAddress({ reply, spam: undefined, page: undefined })}
        />
      )}
      <ContactsToolbar
        query={query}
        onChange={setAddress}
        counts={stats ? { inbox: stats.total, spam: stats.spam } : null}
      />
      {pinned !== null && (
        <LinkedContact id={pinned} now={now} pending={pendingId === pinned} actions={actionsFor} />
      )}
      <OpenReplies ids={replying} now={now} pendingId={pendingId} actions={actionsFor} />
      {contacts.length === 0 ? (
        <p className={`${card} px-6 py-10 text-center text-sm text-slate-600`}>
          {list.isPending || beyond ? t('admin.common.loadingList') : empty}
        </p>
      ) : (
        <div className="space-y-3" aria-busy={list.isPlaceholderData || undefined}>
          <p className="text-sm text-slate-600" aria-live="polite">
            {count('admin.contacts.count', total, query.q !== undefined)}
          </p>
          <ContactCardList
            contacts={contacts}
            now={now}
            pendingId={pendingId}
            actions={actionsFor}
          />
          {pages > 1 && (
            <ListPager
              page={page}
              pages={pages}
              label={t('admin.contacts.pagination')}
              total={count('admin.contacts.count', total, query.q !== undefined)}
              onPage={(p) => setAddress({ page: p })}
            />
          )}
        </div>
      )}
      {toDelete && (
        <ConfirmDialog
          message={t('admin.contacts.confirmDelete')}
          confirmLabel={t('admin.contacts.delete')}
          busy={removing}
          returnFocusTo={deletion.returnFocusTo}
          onCancel={() => {
            deletion.leaving(null);
            setToDelete(null);
          }}
          onConfirm={() => {
            deletion.leaving(toDelete.id);
            remove(toDelete, () => {
              if (toDelete.id === linked) forget();
              closeReply(toDelete.id);
              keepNoteDraft(toDelete.id, null);
              setToDelete(null);
            });
          }}
        />
      )}
    </section>
  );
}
