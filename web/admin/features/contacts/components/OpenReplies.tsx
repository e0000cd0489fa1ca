import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '#shared/contact';
import { contactDetailQuery } from '../api/thread.queries';
import { focusContactCard } from '../hooks/useRevealContact';
import type { ContactCardActions } from './ContactCard';
import { ContactCardList } from './ContactCardList';

type Props = {
  /** Enquiries whose reply editor is open and that are not on the page of the list shown. */
  ids: readonly number[];
  now: Date;
  pendingId: number | null;
  actions: (contact: Contact) => ContactCardActions;
};

/**
 * Enquiries open for a reply that left the list shown (taken off a filter by
 * the writer's own change, by a refresh, pushed to another page): their
 * cards stay above the list until their reply is closed, so what is being
 * written stays in view.
 */
export function OpenReplies({ ids, now, pendingId, actions }: Props) {
  const { t } = useTranslation();
  const details = useQueries({ queries: ids.map((id) => contactDetailQuery(id)) });
  const contacts = details.flatMap(({ data }) => (data && !data.spam ? [data] : []));
  const shown = contacts.map((c) => c.id).join();
  const before = useRef<string[]>([]);
  // A card that came here or left (closed, or back in the list) took the focus with it: it
  // goes to where the card is now, else to the tab's heading.
  useEffect(() => {
    const current = shown === '' ? [] : shown.split(',');
    const moved =
      current.find((id) => !before.current.includes(id)) ??
      before.current.find((id) => !current.includes(id));
    before.current = current;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (moved === undefined || !lost || focusContactCard(moved)) return;
    document.querySelector<HTMLElement>('[data-focus-fallback]')?.focus();
  }, [shown]);
  if (contacts.length === 0) return null;
  return (
    <section aria-labelledby="open-replies" className="space-y-2">
      <h3 id="open-replies" className="text-sm font-semibold text-slate-700">
        {t('admin.contacts.openReplies')}
      </h3>
      <ContactCardList contacts={contacts} now={now} pendingId={pendingId} actions={actions} />
    </section>
  );
}
