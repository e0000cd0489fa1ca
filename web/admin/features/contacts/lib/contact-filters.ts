import type { Contact } from '#shared/contact';
import { replyState } from '#shared/reply-due';

export type ReadFilter = 'all' | 'unread' | 'read';
/** `late`: due soon or overdue, what to answer first. */
export type ReplyFilter = 'all' | 'awaiting' | 'late' | 'replied';
export type ContactFilters = { read: ReadFilter; reply: ReplyFilter; query: string };

export const NO_FILTERS: ContactFilters = { read: 'all', reply: 'all', query: '' };

/** Lower case without accents, so "joao" finds "João". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

function matchesReply(contact: Contact, reply: ReplyFilter, now: Date): boolean {
  if (reply === 'all') return true;
  const state = replyState(contact, now);
  if (reply === 'replied') return state === 'replied';
  if (reply === 'late') return state === 'due-soon' || state === 'overdue';
  return state !== 'replied';
}

/**
 * The enquiries the admin asked to see, in the order given: read state,
 * reply state at `now`, and words found in the name, e-mail, company or
 * message (every word, in any case, accents ignored).
 */
export function filterContacts(
  contacts: readonly Contact[],
  filters: ContactFilters,
  now: Date,
): Contact[] {
  const words = fold(filters.query).split(/\s+/).filter(Boolean);
  return contacts.filter((contact) => {
    if (filters.read !== 'all' && (filters.read === 'read') !== contact.read) return false;
    if (!matchesReply(contact, filters.reply, now)) return false;
    if (words.length === 0) return true;
    const text = fold(
      [contact.name, contact.email, contact.company ?? '', contact.message].join(' '),
    );
    return words.every((word) => text.includes(word));
  });
}

export const isFiltered = (filters: ContactFilters) =>
  filters.read !== 'all' || filters.reply !== 'all' || filters.query.trim() !== '';
