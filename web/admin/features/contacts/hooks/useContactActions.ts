import { useTranslation } from 'react-i18next';
import type { Contact } from '#shared/contact';
import { alertsReach } from '#shared/mail-status';
import { toast } from '../../../../common/toast';
import {
  useDeleteContact,
  useSetContactRead,
  useSetContactReplied,
  useSetContactSpam,
} from '../api/contacts.queries';
import { useMailStatus } from '../api/mail.queries';

/**
 * Mark read/unread, replied/not replied, spam/not spam, and delete, each with
 * its toast. `pendingId` is the enquiry whose write runs (its card refuses
 * further clicks until the lists are back).
 */
export function useContactActions() {
  const { t } = useTranslation();
  const mail = useMailStatus();
  const marking = useSetContactRead();
  const replying = useSetContactReplied();
  const filing = useSetContactSpam();
  const removal = useDeleteContact();
  const pendingId =
    [marking, replying, filing].find((m) => m.isPending)?.variables?.id ??
    (removal.isPending ? removal.variables : null);
  const failed = (error: unknown) => toast.failure(t, error, 'admin.errors.updateContact');

  const toggleRead = (contact: Contact) => {
    const read = !contact.read;
    marking.mutate(
      { id: contact.id, read },
      {
        onSuccess: () =>
          toast.success(t(read ? 'admin.toast.contactRead' : 'admin.toast.contactUnread')),
        onError: failed,
      },
    );
  };

  const toggleReplied = (contact: Contact) => {
    const replied = contact.replied_at === null;
    replying.mutate(
      { id: contact.id, replied },
      {
        onSuccess: () =>
          toast.success(t(replied ? 'admin.toast.contactReplied' : 'admin.toast.contactUnreplied')),
        onError: failed,
      },
    );
  };

  /**
   * Moving an enquiry out of spam queues the staff alert when e-mail is on
   * and a staff address gets the alerts of its language (NOTIFY_EMAIL or the
   * language's alert list); the outbox sends it, and the toast says so only then.
   */
  const toggleSpam = (contact: Contact) => {
    const spam = !contact.spam;
    const alerted = Boolean(mail?.enabled && alertsReach(mail, contact.language));
    filing.mutate(
      { id: contact.id, spam },
      {
        onSuccess: () =>
          spam
            ? toast.success(t('admin.toast.contactSpam'))
            : toast.success(
                t('admin.toast.contactNotSpam'),
                alerted ? t('admin.toast.alertQueued') : undefined,
              ),
        onError: failed,
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

  return { pendingId, toggleRead, toggleReplied, toggleSpam, remove, removing: removal.isPending };
}
