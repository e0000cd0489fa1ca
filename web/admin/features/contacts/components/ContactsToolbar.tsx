import { Inbox, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type {
  AssigneeFilter,
  ContactListQuery,
  ContactSort,
  ReplyFilter,
} from '#shared/contact-list';
import { FilterSelect } from '../../../components/FilterSelect';
import { SearchBox } from '../../../components/SearchBox';
import type { ContactFolder } from '../api/contacts.queries';

type ReadChoice = 'all' | 'unread' | 'read';

type Props = {
  query: ContactListQuery;
  /** Changes the list (the address): `undefined` drops a filter. */
  onChange: (change: Partial<Record<keyof ContactListQuery, string | boolean | undefined>>) => void;
  /** Enquiries in each folder (from the stats), when known. */
  counts: Record<ContactFolder, number> | null;
};

const folderButton = (selected: boolean) =>
  `inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold transition-colors ${
    selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'
  }`;

const readChoice = (read: boolean | undefined): ReadChoice =>
  read === undefined ? 'all' : read ? 'read' : 'unread';

/**
 * Inbox or spam folder; in the inbox, read, reply and owner filters and the
 * order (soonest due first unless another is chosen); a search in both. Each choice is asked of the server (the list's address).
 */
export function ContactsToolbar({ query, onChange, counts }: Props) {
  const { t } = useTranslation();
  const folder: ContactFolder = query.spam ? 'spam' : 'inbox';
  const folders = [
    { id: 'inbox', label: t('admin.contacts.inbox'), Icon: Inbox },
    { id: 'spam', label: t('admin.contacts.spamFolder'), Icon: ShieldAlert },
  ] as const;

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
      <div
        role="group"
        aria-label={t('admin.contacts.folders')}
        className="inline-flex self-start rounded-lg bg-slate-100 p-1"
      >
        {folders.map(({ id, label: text, Icon }) => (
          <button
            key={id}
            type="button"
            aria-pressed={folder === id}
            className={folderButton(folder === id)}
            onClick={() =>
              id !== folder &&
              onChange({
                spam: id === 'spam' ? true : undefined,
                read: undefined,
                reply: undefined,
                sort: undefined,
                assignee: undefined,
              })
            }
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
            {counts ? t('admin.contacts.folderCount', { folder: text, count: counts[id] }) : text}
          </button>
        ))}
      </div>
      {/* Each control as wide as its longest choice needs, side by side while they fit. */}
      <div className="flex flex-1 flex-wrap gap-3">
        <SearchBox
          id="contacts-search"
          className="min-w-0 flex-[2_1_18rem] space-y-1"
          label={t('admin.common.search')}
          placeholder={t('admin.contacts.searchPlaceholder')}
          value={query.q ?? ''}
          onSearch={(q) => onChange({ q: q || undefined })}
        />
        {folder === 'inbox' && (
          <>
            <FilterSelect
              className={filterBox}
              id="contacts-filter"
              label={t('admin.contacts.filterLabel')}
              value={readChoice(query.read)}
              onChange={(read: ReadChoice) =>
                onChange({ read: read === 'all' ? undefined : read === 'read' })
              }
              options={[
                ['all', t('admin.common.all')],
                ['unread', t('admin.contacts.filterUnread')],
                ['read', t('admin.contacts.filterRead')],
              ]}
            />
            <FilterSelect
              className={filterBox}
              id="contacts-reply"
              label={t('admin.contacts.replyLabel')}
              value={query.reply ?? 'all'}
              onChange={(reply: ReplyFilter | 'all') =>
                onChange({ reply: reply === 'all' ? undefined : reply })
              }
              options={[
                ['all', t('admin.common.all')],
                ['awaiting', t('admin.contacts.replyAwaiting')],
                ['late', t('admin.contacts.replyLate')],
                ['soon', t('admin.contacts.dueSoon')],
                ['overdue', t('admin.contacts.overdue')],
                ['replied', t('admin.contacts.replyDone')],
              ]}
            />
            <FilterSelect
              className={filterBox}
              id="contacts-assignee"
              label={t('admin.contacts.assignee.filter')}
              value={query.assignee ?? 'all'}
              onChange={(assignee: AssigneeFilter | 'all') =>
                onChange({ assignee: assignee === 'all' ? undefined : assignee })
              }
              options={[
                ['all', t('admin.contacts.assignee.anyone')],
                ['me', t('admin.contacts.assignee.mine')],
                ['none', t('admin.contacts.assignee.assignedToNobody')],
              ]}
            />
            <FilterSelect
              className={filterBox}
              id="contacts-sort"
              label={t('admin.contacts.sortLabel')}
              value={query.sort ?? 'due'}
              onChange={(sort: ContactSort) =>
                onChange({ sort: sort === 'due' ? undefined : sort })
              }
              options={[
                ['due', t('admin.contacts.sortDue')],
                ['newest', t('admin.contacts.sortNewest')],
                ['unreplied', t('admin.contacts.sortUnreplied')],
              ]}
            />
          </>
        )}
      </div>
    </div>
  );
}

/** A filter's box: room for its longest choice ("Früheste Frist zuerst"), growing with the row. */
const filterBox = 'min-w-0 flex-[1_1_13rem] space-y-1';
