import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '#shared/contact';
import { ApiError } from '../../../../common/api';
import { contactDetailQuery } from '../api/thread.queries';
import { focusContactCard } from '../hooks/useRevealContact';
import { openReply, useOpenReplies, useReplyDrafts } from '../lib/drafts';
import type { ContactCardActions } from './ContactCard';
import { ContactCardList } from './ContactCardList';
import { KeptReply } from './KeptReply';

type Props = {
  /**
   * Enquiries whose reply editor is open, or with a reply kept, that are not
   * on the page of the list shown.
   */
  ids: readonly number[];
  now: Date;
  pendingId: number | null;
  actions: (contact: Contact) => ContactCardActions;
};

/** A reply kept for an enquiry that went to the spam folder (`contact`) or was deleted (null). */
type Kept = { id: number; contact: Contact | null };

const gone = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Enquiries open for a reply that left the list shown (taken off a filter by
 * the writer's own change, by a refresh, pushed to another page): their
 * cards stay above the list until their reply is closed, so what is being
 * written stays in view. A reply kept for an enquiry moved to the spam
 * folder or deleted (by a colleague, or from another tab) is listed here
 * too, with why, to copy, discard or (spam) take back out of the spam
 * folder, until it is discarded.
 */
export function OpenReplies({ ids, now, pendingId, actions }: Props) {
  const { t } = useTranslation();
  const open = useOpenReplies();
  const drafted = useReplyDrafts();
  // Only kept (not open): looked up quietly, a deleted enquiry is no failure to announce.
  const details = useQueries({
    queries: ids.map((id) => ({
      ...contactDetailQuery(id),
      ...(!open.includes(id) && { meta: {} }),
    })),
  });
  const contacts = details.flatMap(({ data }, i) =>
    data && !data.spam && open.includes(ids[i]!) ? [data] : [],
  );
  const kept = details.flatMap(({ data, error }, i): Kept[] => {
    const id = ids[i]!;
    if (!drafted.includes(id)) return [];
    if (data?.spam) return [{ id, contact: data }];
    return !data && gone(error) ? [{ id, contact: null }] : [];
  });
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
  if (contacts.length === 0 && kept.length === 0) return null;
  return (
    <section aria-labelledby="open-replies" className="space-y-2">
      <h3 id="open-replies" className="text-sm font-semibold text-slate-700">
        {t('admin.contacts.openReplies')}
      </h3>
      {kept.length > 0 && (
        <ul className="space-y-3">
          {kept.map(({ id, contact }) => (
            <KeptReply
              key={id}
              id={id}
              contact={contact}
              pending={pendingId === id}
              onNotSpam={
                contact
                  ? () => {
                      // Back in the inbox, its card opens with the reply.
                      openReply(id);
                      actions(contact).onToggleSpam();
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      <ContactCardList contacts={contacts} now={now} pendingId={pendingId} actions={actions} />
    </section>
  );
}
