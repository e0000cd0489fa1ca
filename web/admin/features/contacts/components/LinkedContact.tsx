import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '#shared/contact';
import { useContactDetail } from '../api/thread.queries';
import { focusContactCard } from '../hooks/useRevealContact';
import { ContactCard, type ContactCardActions } from './ContactCard';

type Props = {
  id: number;
  now: Date;
  pending: boolean;
  actions: (contact: Contact) => ContactCardActions;
};

/**
 * The enquiry a link pointed to when it is not on the page of the list
 * shown: its card above the list, focused once it is in. An enquiry that
 * no longer exists (deleted meanwhile) shows nothing; spam is not shown.
 */
export function LinkedContact({ id, now, pending, actions }: Props) {
  const { t } = useTranslation();
  const detail = useContactDetail(id);
  const contact = detail.data && !detail.data.spam ? detail.data : null;
  const shown = contact !== null;
  useEffect(() => {
    if (shown) focusContactCard(id);
  }, [shown, id]);
  if (!contact) return null;
  return (
    <section aria-labelledby="linked-contact" className="space-y-2">
      <h3 id="linked-contact" className="text-sm font-semibold text-slate-700">
        {t('admin.contacts.linked')}
      </h3>
      <ul>
        <ContactCard contact={contact} now={now} pending={pending} {...actions(contact)} />
      </ul>
    </section>
  );
}
