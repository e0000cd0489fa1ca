// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Contact, ContactDetail, ThreadEntry } from '#shared/contact';
import { toast } from '../../../../common/toast';
import { json, stubModelApi, type ApiCall } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { forgetDrafts, replyDraft } from '../lib/drafts';
import { ContactCard } from './ContactCard';

quietToasts();
afterEach(() => {
  forgetDrafts();
  window.localStorage.clear();
});
// The admin's own time zone shows; pin one so the expected texts are fixed.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Lisbon';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const contact: Contact = {
  id: 7,
  name: 'Jonas Weber',
  email: 'jonas@example.de',
  company: 'Weber GmbH',
  language: 'de',
  replied_at: null,
  spam: false,
  spam_reasons: [],
  message: 'Wir brauchen ein Angebot für eine Schweißzelle.',
  read: true,
  created_at: '2026-11-27T08:00:00.000Z',
  source_path: null,
  source_title: null,
  due_at: '2026-11-28T08:00:00.000Z',
  assignee: null,
};
const enquiry: ThreadEntry = {
  kind: 'enquiry',
  at: contact.created_at,
  by: null,
  by_name: null,
  text: contact.message,
};
const colleagues: ThreadEntry = {
  kind: 'reply',
  at: '2026-11-27T09:05:00.000Z',
  by: 'marta',
  by_name: 'Marta Simões',
  text: 'Guten Tag,\n\nwir schicken Ihnen morgen ein Angebot.',
  status: 'sent',
};
const detail = (thread: ThreadEntry[]): ContactDetail => ({ ...contact, thread });
const TEMPLATE = {
  greeting: 'Guten Tag Jonas Weber,',
  signature: 'Mit freundlichen Grüßen\nsam',
  quote_intro: 'Am 27.11.2026 schrieb Jonas Weber:',
};
const MINE = 'Guten Tag Jonas Weber,\n\nja, das geht.\n\nMit freundlichen Grüßen\nsam';
const REFUSAL =
  'A colleague replied at 27/11/2026, 09:05 (Western European Time). Read their reply before you send yours.';

/**
 * The API as marta's reply came while sam was writing: the thread sam opened
 * has no reply; asked again, it has hers. A reply that says it saw none is
 * refused (409), as the server refuses it; one without a count goes.
 */
function stub(): ApiCall[] {
  let answered = false;
  return stubModelApi(({ method, url, body }) => {
    if (url === '/api/contacts/7')
      return json(200, { data: detail(answered ? [enquiry, colleagues] : [enquiry]) });
    if (url === '/api/contacts/7/reply-template') return json(200, { data: TEMPLATE });
    if (url === '/api/mail/status') return json(200, { data: { enabled: true } });
    if (url === '/api/users/staff') return json(200, { data: [] });
    if (method === 'POST' && url === '/api/contacts/7/replies') {
      answered = true;
      if (body?.seen_replies === 0)
        return json(409, { error: REFUSAL, details: { seen_replies: REFUSAL } });
      const mine: ThreadEntry = {
        kind: 'reply',
        at: '2026-11-27T09:10:00.000Z',
        by: 'sam',
        by_name: null,
        text: String(body?.message),
        status: 'pending',
      };
      return json(201, { data: detail([enquiry, colleagues, mine]) });
    }
    return undefined;
  });
}

const replies = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => JSON.stringify(c.body));
const editor = () =>
  screen.getByRole('textbox', { name: 'Your reply (in German)' }) as HTMLTextAreaElement;

/** sam opens the enquiry (no reply in it yet), writes and sends. */
async function sendBeforeSeeingMarta() {
  const calls = stub();
  renderAdmin(
    <ContactCard
      contact={contact}
      now={new Date('2026-11-27T09:30:00.000Z')}
      pending={false}
      onToggleRead={() => undefined}
      onToggleReplied={() => undefined}
      onToggleSpam={() => undefined}
      onDelete={() => undefined}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: /^Reply/ }));
  await screen.findByRole('list', { name: 'Conversation' });
  await waitFor(() => expect(editor().value).toContain(TEMPLATE.greeting));
  fireEvent.change(editor(), { target: { value: MINE } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'A colleague has replied' });
  return { calls, dialog };
}

describe('a reply sent after a colleague replied unseen', () => {
  it('is refused: the colleague’s reply is shown, the text kept, and Send anyway sends it', async () => {
    const { calls, dialog } = await sendBeforeSeeingMarta();
    expect(replies(calls)).toEqual([JSON.stringify({ message: MINE, seen_replies: 0 })]);
    expect(dialog.textContent).toContain(REFUSAL);
    // The thread is asked again: what marta wrote, by her name, and when.
    await within(dialog).findByText('Marta Simões wrote on 27/11/2026, 09:05:');
    expect(within(dialog).getByText(/wir schicken Ihnen morgen ein Angebot\./)).toBeTruthy();
    expect(dialog.textContent).toContain('Your reply is still here');
    expect(editor().value).toBe(MINE);
    expect(replyDraft(7)).toBe(MINE);
    // Going back has the focus: Enter never sends by accident.
    expect(document.activeElement?.textContent).toBe('Keep writing');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Reply sent to jonas@example.de'),
    );
    expect(replies(calls)).toEqual([
      JSON.stringify({ message: MINE, seen_replies: 0 }),
      JSON.stringify({ message: MINE }),
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(replyDraft(7)).toBeUndefined();
  });

  it('Keep writing goes back to the text as it was, with marta’s reply now in the thread', async () => {
    const { calls, dialog } = await sendBeforeSeeingMarta();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep writing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(editor().value).toBe(MINE);
    // Not an error of the text: nothing is said under the field.
    expect(editor().getAttribute('aria-invalid')).toBeNull();
    const entries = await screen.findAllByTestId('thread-entry');
    expect(entries.at(-1)!.textContent).toContain('Marta Simões');
    // Sent again, it now says it saw her reply.
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(replies(calls)).toHaveLength(2));
    expect(replies(calls)[1]).toBe(JSON.stringify({ message: MINE, seen_replies: 1 }));
  });
});
