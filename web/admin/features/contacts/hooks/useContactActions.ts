import type { Contact } from '#shared/contact';
import { useWrite } from '../../../hooks/useWrite';
import { deleteContact } from '../api/delete-contact';
import { setContactRead } from '../api/set-contact-read';

/** Mark read/unread and delete, with the spec's toasts, then a reload. */
export function useContactActions(reload: () => Promise<void>) {
  const { pendingId, run } = useWrite(reload);

  const toggleRead = (contact: Contact) =>
    run(
      contact.id,
      () => setContactRead(contact.id, !contact.read),
      contact.read ? 'admin.toast.contactUnread' : 'admin.toast.contactRead',
      'admin.errors.updateContact',
    );

  const remove = (contact: Contact) =>
    run(
      contact.id,
      () => deleteContact(contact.id),
      'admin.toast.contactDeleted',
      'admin.errors.deleteContact',
    );

  return { pendingId, toggleRead, remove };
}
