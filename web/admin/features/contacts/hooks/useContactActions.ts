import { useTranslation } from 'react-i18next';
import type { Contact } from '#shared/contact';
import { toast } from '../../../../common/toast';
import { useDeleteContact, useSetContactRead } from '../api/contacts.queries';

/**
 * Mark read/unread and delete with the spec's toasts. `pendingId` is the
 * enquiry whose write runs (its card refuses further clicks until the list is back).
 */
export function useContactActions() {
  const { t } = useTranslation();
  const marking = useSetContactRead();
  const removal = useDeleteContact();
  const pendingId = marking.isPending
    ? marking.variables.id
    : removal.isPending
      ? removal.variables
      : null;

  const toggleRead = (contact: Contact) => {
    const read = !contact.read;
    marking.mutate(
      { id: contact.id, read },
      {
        onSuccess: () =>
          toast.success(t(read ? 'admin.toast.contactRead' : 'admin.toast.contactUnread')),
        onError: (error) => toast.failure(t, error, 'admin.errors.updateContact'),
      },
    );
  };

  /** Deletes, then `onDeleted` (closes the confirmation); on failure the confirmation stays. */
  const remove = (contact: Contact, onDeleted: () => void) =>
    removal.mutate(contact.id, {
      onSuccess: () => {
        toast.success(t('admin.toast.contactDeleted'));
        onDeleted();
      },
      onError: (error) => toast.failure(t, error, 'admin.errors.deleteContact'),
    });

  return { pendingId, toggleRead, remove, removing: removal.isPending };
}
