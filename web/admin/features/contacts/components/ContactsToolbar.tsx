import { Inbox, Search, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ContactFolder, ContactSort } from '../api/contacts.queries';
import type { ContactFilters, ReadFilter, ReplyFilter } from '../lib/contact-filters';
import { FilterSelect } from '../../../components/FilterSelect';
import { input, label } from '../../../lib/ui';

type Props = {
  folder: ContactFolder;
  onFolder: (folder: ContactFolder) => void;
  /** Enquiries in each folder (from the stats), when known. */
  counts: Record<ContactFolder, number> | null;
  sort: ContactSort;
  onSort: (sort: ContactSort) => void;
  filters: ContactFilters;
  onFilters: (filters: ContactFilters) => void;
};

const folderButton = (selected: boolean) =>
  `inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold transition-colors ${
    selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'
  }`;

/** Inbox or spam folder; in the inbox, read and reply filters and the order; a search in both. */
export function ContactsToolbar(props: Props) {
  const { t } = useTranslation();
  const { folder, counts, filters, onFilters } = props;
  const set = (change: Partial<ContactFilters>) => onFilters({ ...filters, ...change });
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
            onClick={() => props.onFolder(id)}
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
            {counts ? `${text} (${counts[id]})` : text}
          </button>
        ))}
      </div>
      <div className="grid flex-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <div className="space-y-1 sm:col-span-2 xl:col-span-1">
          <label htmlFor="contacts-search" className={label}>
            {t('admin.common.search')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
            />
            <input
              id="contacts-search"
              type="search"
              value={filters.query}
              placeholder={t('admin.contacts.searchPlaceholder')}
              onChange={(e) => set({ query: e.target.value })}
              className={`${input} pl-9`}
            />
          </div>
        </div>
        {folder === 'inbox' && (
          <>
            <FilterSelect
              id="contacts-filter"
              label={t('admin.contacts.filterLabel')}
              value={filters.read}
              onChange={(read: ReadFilter) => set({ read })}
              options={[
                ['all', t('admin.common.all')],
                ['unread', t('admin.contacts.filterUnread')],
                ['read', t('admin.contacts.filterRead')],
              ]}
            />
            <FilterSelect
              id="contacts-reply"
              label={t('admin.contacts.replyLabel')}
              value={filters.reply}
              onChange={(reply: ReplyFilter) => set({ reply })}
              options={[
                ['all', t('admin.common.all')],
                ['awaiting', t('admin.contacts.replyAwaiting')],
                ['late', t('admin.contacts.replyLate')],
                ['replied', t('admin.contacts.replyDone')],
              ]}
            />
            <FilterSelect
              id="contacts-sort"
              label={t('admin.contacts.sortLabel')}
              value={props.sort}
              onChange={props.onSort}
              options={[
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
