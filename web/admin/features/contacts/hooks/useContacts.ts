import type { Contact, ContactStats } from '#shared/contact';
import { useResource } from '../../../hooks/useResource';
import { getContacts } from '../api/get-contacts';
import { getContactStats } from '../api/get-contact-stats';

const none: Contact[] = [];
const noStats: ContactStats | null = null;

/** The Contacts tab's data: the enquiries and their statistics, reloaded together. */
export function useContacts(enabled: boolean) {
  const list = useResource(getContacts, none, enabled);
  const stats = useResource<ContactStats | null>(getContactStats, noStats, enabled);
  const { reload: reloadList } = list;
  const { reload: reloadStats } = stats;
  return {
    contacts: list.data,
    stats: stats.data,
    loaded: list.loaded,
    reload: async () => {
      await Promise.all([reloadList(), reloadStats()]);
    },
  };
}
