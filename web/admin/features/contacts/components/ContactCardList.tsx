import type { Contact } from '#shared/contact';
import { ContactCard, type ContactCardActions } from './ContactCard';

type Props = {
  contacts: readonly Contact[];
  now: Date;
  /** The enquiry whose action is on its way, if any. */
  pendingId: number | null;
  actions: (contact: Contact) => ContactCardActions;
};

/** Enquiries as cards, one list item each: the inbox's page, and the replies kept open above it. */
export function ContactCardList({ contacts, now, pendingId, actions }: Props) {
  return (
    <ul className="space-y-3">
      {contacts.map((contact) => (
        <ContactCard
          key={contact.id}
          contact={contact}
          now={now}
          pending={pendingId === contact.id}
          {...actions(contact)}
        />
      ))}
    </ul>
  );
}
