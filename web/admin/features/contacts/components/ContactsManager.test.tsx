// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Contact, ContactDetail } from '#shared/contact';
import { toast } from '../../../../common/toast';
import { held, json, stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { contactKeys } from '../api/contacts.queries';
import { forgetDrafts, keepNoteDraft, keepReplyDraft, draftsOf } from '../lib/drafts';
import { ContactsManager } from './ContactsManager';

quietToasts();
// jsdom does not scroll; a card brought into view is.
Element.prototype.scrollIntoView = () => undefined;
beforeEach(() => draftsOf('sam'));
afterEach(() => {
  forgetDrafts();
  window.localStorage.clear();
});
/** The reply texts kept on the machine. */
const keptDrafts = () =>
  Object.keys(window.localStorage).filter((k) => k.startsWith('admin.contacts.replyDraft'));

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
  due_at: '2099-11-28T08:00:00.000Z',
  assignee: null,
};
const newer: Contact = { ...contact, id: 8, name: 'Ana Silva', email: 'ana@example.pt' };
const SAM = { id: 4, username: 'sam', name: null };
const TEMPLATE = {
  greeting: 'Guten Tag Jonas Weber,',
  signature: 'Mit freundlichen Grüßen\nsam\nForge Industrial',
  quote_intro: 'Am 27.11.2026 schrieb Jonas Weber:',
};
const WRITTEN = 'Guten Tag,\n\nein langer, sorgfältig geschriebener Text.\n\nsam';

const detail = (c: Contact): ContactDetail => ({
  ...c,
  thread: [{ kind: 'enquiry', at: c.created_at, by: null, by_name: null, text: c.message }],
});
const page = (items: Contact[]) =>
  new Response(JSON.stringify({ data: items }), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(items.length) },
  });

/**
 * The API: the list the server has now (`server.list`), enquiry 7, staff, e-mail on. Once a
 * reply is posted, the mail status is answered only when `slow` (if given) is released.
 */
function stub(server: { list: Contact[]; assignee: Contact['assignee'] }, slow?: Promise<void>) {
  let posted = false;
  return stubModelApi(({ method, url }) => {
    if (url.startsWith('/api/contacts?')) return page(server.list);
    if (posted && slow && url === '/api/mail/status')
      return slow.then(() => json(200, { data: { enabled: true, notify: 1 } }));
    if (url === '/api/contacts/7') return json(200, { data: detail({ ...contact, ...server }) });
    if (url === '/api/contacts/7/reply-template') return json(200, { data: TEMPLATE });
    if (url === '/api/mail/status') return json(200, { data: { enabled: true, notify: 1 } });
    if (url === '/api/users/staff') return json(200, { data: [SAM] });
    if (method === 'POST' && url === '/api/contacts/7/replies') {
      posted = true;
      // Answered: no longer "Awaiting reply".
      server.list = [];
      return json(201, { data: detail({ ...contact, replied_at: '2026-11-27T09:00:00.000Z' }) });
    }
    if (method === 'PUT' && url === '/api/contacts/7/assignee') {
      // Taken: no longer "Assigned to: Nobody".
      server.assignee = SAM;
      server.list = [];
      return json(200, { data: detail({ ...contact, assignee: SAM }) });
    }
    return undefined;
  });
}

function open(address: string) {
  return renderAdmin(
    <MemoryRouter initialEntries={[address]}>
      <ContactsManager stats={null} />
    </MemoryRouter>,
  );
}

const editor = () =>
  screen.queryByRole('textbox', { name: 'Your reply (in German)' }) as HTMLTextAreaElement | null;

async function write() {
  fireEvent.click(await screen.findByRole('button', { name: /^Reply/ }));
  await waitFor(() => expect(editor()?.value).toContain(TEMPLATE.greeting));
  fireEvent.change(editor()!, { target: { value: WRITTEN } });
}

const stillOpen = () =>
  screen.findByRole('region', { name: 'Open for a reply, no longer in this list' });

describe('a reply being written in the Contacts tab', () => {
  it('stays, with its card, when the writer takes the enquiry off "Assigned to: Nobody"', async () => {
    const server = { list: [contact], assignee: null };
    stub(server);
    open('/admin?tab=contacts&assignee=none');
    await write();
    const owner = screen.getByRole('combobox', { name: 'Handled by: Jonas Weber' });
    await screen.findByRole('option', { name: 'sam' });
    fireEvent.change(owner, { target: { value: '4' } });
    const region = await stillOpen();
    await screen.findByText('No submissions match this filter.');
    expect(within(region).getByRole('heading', { name: 'Jonas Weber' })).toBeTruthy();
    expect(editor()!.value).toBe(WRITTEN);
    expect(document.activeElement?.id).toBe('contact-7');
    // Kept in view until the writer is done with it.
    fireEvent.click(within(region).getByRole('button', { name: /^Close reply/ }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard reply' }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: /no longer/ })).toBeNull());
    expect(document.activeElement?.id).toBe('contacts-title');
  });

  it('stays when a refresh takes its card off the page shown', async () => {
    const server = { list: [contact], assignee: null };
    stub(server);
    const { queryClient } = open('/admin?tab=contacts&sort=newest');
    await write();
    // A new enquiry came: on the newest-first page 1, enquiry 7 is now on page 2.
    server.list = [newer];
    await queryClient.invalidateQueries({ queryKey: contactKeys.lists });
    await screen.findByRole('heading', { name: 'Ana Silva' });
    expect(within(await stillOpen()).getByRole('heading', { name: 'Jonas Weber' })).toBeTruthy();
    expect(editor()!.value).toBe(WRITTEN);
  });

  it('is kept until its editor is closed and the writer agrees to discard it', async () => {
    const server = { list: [contact], assignee: null };
    stub(server);
    open('/admin?tab=contacts');
    await write();
    fireEvent.click(screen.getByRole('button', { name: /^Close reply/ }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain(
      'This reply has not been sent. Discard what you have written?',
    );
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep writing' }));
    expect(editor()!.value).toBe(WRITTEN);
    fireEvent.click(screen.getByRole('button', { name: /^Close reply/ }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard reply' }),
    );
    await waitFor(() => expect(editor()).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /^Reply/ }));
    await waitFor(() => expect(editor()?.value).toContain(TEMPLATE.greeting));
    expect(editor()!.value).not.toContain('sorgfältig');
  });

  it('is forgotten once sent, even when sending takes its card off "Awaiting reply"', async () => {
    const server = { list: [contact], assignee: null };
    const calls = stub(server);
    open('/admin?tab=contacts&reply=awaiting');
    await write();
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await stillOpen();
    await waitFor(() => expect(editor()?.value).toContain(TEMPLATE.greeting));
    expect(editor()!.value).not.toContain('sorgfältig');
    expect(keptDrafts()).toEqual([]);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      // The thread it was written beside had no reply.
      { message: WRITTEN, seen_replies: 0 },
    ]);
  });

  it('is shown as being sent by its card wherever the card is drawn, and is sent once', async () => {
    const server = { list: [contact], assignee: null };
    const slow = held<void>();
    const calls = stub(server, slow.promise);
    open('/admin?tab=contacts&reply=awaiting');
    await write();
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    // Answered, the card left "Awaiting reply" for the area above the list while the send
    // still settles (the lists and the mail status are asked again first).
    const region = await stillOpen();
    const send = await within(region).findByRole('button', { name: 'Sending…' });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    expect(editor()!.value).toBe(WRITTEN);
    fireEvent.click(send);
    slow.release();
    await waitFor(() => expect(editor()?.value).toContain(TEMPLATE.greeting));
    expect(
      within(region).getByRole('button', { name: 'Send reply' }).getAttribute('aria-disabled'),
    ).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      // The thread it was written beside had no reply.
      { message: WRITTEN, seen_replies: 0 },
    ]);
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('Reply sent to jonas@example.de');
    expect(keptDrafts()).toEqual([]);
  });

  it('keeps the writer in its text box, the caret where it was, when its card moves', async () => {
    const server = { list: [contact], assignee: null };
    stub(server);
    const { queryClient } = open('/admin?tab=contacts&sort=newest');
    await write();
    editor()!.focus();
    editor()!.setSelectionRange(9, 12);
    // A new enquiry came: on the newest-first page 1, enquiry 7 is now on page 2.
    server.list = [newer];
    await queryClient.invalidateQueries({ queryKey: contactKeys.lists });
    const region = await stillOpen();
    expect(within(region).getByRole('textbox', { name: 'Your reply (in German)' })).toBe(editor());
    expect(document.activeElement).toBe(editor());
    expect([editor()!.selectionStart, editor()!.selectionEnd]).toEqual([9, 12]);
    // Back on the page (the new enquiry was deleted): the caret comes along again.
    editor()!.setSelectionRange(20, 20);
    server.list = [contact];
    await queryClient.invalidateQueries({ queryKey: contactKeys.lists });
    await waitFor(() => expect(screen.queryByRole('region', { name: /no longer/ })).toBeNull());
    expect(document.activeElement).toBe(editor());
    expect([editor()!.selectionStart, editor()!.selectionEnd]).toEqual([20, 20]);
  });
});

describe('a reply whose enquiry a colleague takes out of the inbox', () => {
  it('stays within reach, saying why, when the enquiry is moved to spam while it is written', async () => {
    const server = { list: [contact], assignee: null, spam: false };
    stub(server);
    const { queryClient } = open('/admin?tab=contacts');
    await write();
    // A colleague files it as spam: it leaves the inbox, and can no longer be answered.
    server.spam = true;
    server.list = [];
    await queryClient.invalidateQueries({ queryKey: contactKeys.lists });
    await queryClient.invalidateQueries({ queryKey: contactKeys.details });
    const kept = await within(await stillOpen()).findByTestId('kept-reply');
    expect(kept.textContent).toContain('Moved to spam by a colleague; your reply is kept');
    expect(kept.textContent).toContain('ein langer, sorgfältig geschriebener Text.');
    expect(editor()).toBeNull();
    expect(keptDrafts()).toHaveLength(1);
  });

  it('is listed after a reload when the enquiry was deleted meanwhile', async () => {
    // Kept on the machine, its editor not open: as the next start finds it.
    keepReplyDraft(7, WRITTEN);
    stubModelApi(({ url }) => {
      if (url.startsWith('/api/contacts?')) return page([newer]);
      if (url === '/api/contacts/7') return json(404, { error: 'Enquiry not found' });
      return undefined;
    });
    open('/admin?tab=contacts');
    const kept = await within(await stillOpen()).findByTestId('kept-reply');
    expect(kept.textContent).toContain('Deleted by a colleague; your reply is kept');
    expect(kept.textContent).toContain('ein langer, sorgfältig geschriebener Text.');
  });
});

describe('deleting an enquiry', () => {
  it("forgets the reply and the note its writer kept for it, and no one else's", async () => {
    const server = { list: [contact], assignee: null };
    stubModelApi(({ method, url }) => {
      if (url.startsWith('/api/contacts?')) return page(server.list);
      if (method === 'DELETE' && url === '/api/contacts/7') {
        server.list = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    keepReplyDraft(7, WRITTEN);
    keepNoteDraft(7, 'Called him: wants two cells.');
    keepNoteDraft(8, 'Another enquiry’s note.');
    open('/admin?tab=contacts');
    fireEvent.click(await screen.findByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Jonas Weber')).toBeNull());
    const kept = Object.keys(window.localStorage).filter((k) => k.startsWith('admin.contacts.'));
    expect(kept).toEqual([expect.stringMatching(/^admin\.contacts\.noteDraft:.*:8$/)]);
  });
});

describe('exporting the list', () => {
  const exports = () => {
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
    return stubModelApi(({ url }) => {
      if (url.startsWith('/api/contacts?')) return page([contact]);
      if (url.startsWith('/api/contacts/export'))
        return new Response('\uFEFFid\r\n', { headers: { 'Content-Type': 'text/csv' } });
      return undefined;
    });
  };
  const exported = (calls: { url: string }[]) =>
    calls.filter((c) => c.url.startsWith('/api/contacts/export')).map((c) => c.url);

  it('asks for the search and filters on screen, every page, and says so', async () => {
    const calls = exports();
    open('/admin?tab=contacts&q=Weber&reply=awaiting&assignee=me&read=false&page=2');
    await screen.findByRole('heading', { name: 'Jonas Weber' });
    expect(screen.getByTestId('export-scope').textContent).toBe(
      'Only the enquiries that match the search and filters',
    );
    fireEvent.click(screen.getByRole('button', { name: 'CSV with semicolons' }));
    await waitFor(() =>
      expect(exported(calls)).toEqual([
        '/api/contacts/export?spam=false&read=false&reply=awaiting&assignee=me&q=Weber&separator=semicolon',
      ]),
    );
  });

  it('asks for the whole folder when nothing narrows it, and says which', async () => {
    const calls = exports();
    open('/admin?tab=contacts&sort=newest');
    await screen.findByRole('heading', { name: 'Jonas Weber' });
    expect(screen.getByTestId('export-scope').textContent).toBe('Every enquiry in the inbox');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exported(calls)).toEqual(['/api/contacts/export?spam=false']));
  });
});
