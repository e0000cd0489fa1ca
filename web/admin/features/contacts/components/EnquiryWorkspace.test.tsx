// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Contact, ContactDetail } from '#shared/contact';
import { toast } from '../../../../common/toast';
import { held, json, stubModelApi, type ApiCall } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { leavingIsQuestioned } from '../../../test/leave';
import { renderAdmin } from '../../../test/render';
import { forgetDrafts } from '../lib/drafts';
import { ContactCard } from './ContactCard';

quietToasts();
afterEach(() => {
  forgetDrafts();
  window.localStorage.clear();
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

const detail = (thread: ContactDetail['thread'] = []): ContactDetail => ({
  ...contact,
  thread: [
    { kind: 'enquiry', at: contact.created_at, by: null, by_name: null, text: contact.message },
    {
      kind: 'auto_reply',
      at: '2026-11-27T08:00:05.000Z',
      by: null,
      by_name: null,
      text: 'Vielen Dank',
      status: 'sent',
    },
    ...thread,
  ],
});

const TEMPLATE = {
  greeting: 'Guten Tag Jonas Weber,',
  signature: 'Mit freundlichen Grüßen\nsam\nForge Industrial',
  quote_intro: 'Am 27.11.2026 schrieb Jonas Weber:',
};
const DRAFT =
  'Guten Tag Jonas Weber,\n\ngerne senden wir Ihnen ein Angebot.\n\nMit freundlichen Grüßen';

/**
 * The dashboard's API: the enquiry, its template, staff, e-mail on, and the writes answered
 * (a reply with `replied`, when given, once it is released).
 */
function stub(mailEnabled = true, replied?: Promise<Response>): ApiCall[] {
  return stubModelApi(({ method, url, body }) => {
    if (replied && method === 'POST' && url === '/api/contacts/7/replies') return replied;
    if (url === '/api/contacts/7') return json(200, { data: detail() });
    if (url === '/api/contacts/7/reply-template') return json(200, { data: TEMPLATE });
    if (url === '/api/mail/status') return json(200, { data: { enabled: mailEnabled } });
    if (url === '/api/users/staff')
      return json(200, {
        data: [
          { id: 1, username: 'admin' },
          { id: 4, username: 'sam', name: 'Sam Rocha' },
        ],
      });
    if (url === '/api/llm/draft-reply') return json(200, { data: { message: DRAFT } });
    if (method === 'POST' && url === '/api/contacts/7/replies')
      return json(201, {
        data: detail([
          {
            kind: 'reply',
            at: '2026-11-27T09:00:00.000Z',
            by: 'sam',
            by_name: 'Sam Rocha',
            text: String(body?.message),
            status: 'pending',
          },
        ]),
      });
    if (method === 'POST' && url === '/api/contacts/7/notes')
      return json(201, {
        data: detail([
          {
            kind: 'note',
            at: '2026-11-27T09:00:00.000Z',
            by: 'sam',
            by_name: null,
            text: String(body?.text),
          },
        ]),
      });
    if (method === 'PUT' && url === '/api/contacts/7/assignee')
      return json(200, { data: { ...detail(), assignee: { id: 4, username: 'sam' } } });
    return undefined;
  });
}

const writes = (calls: ApiCall[]) =>
  calls
    .filter((c) => c.method !== 'GET')
    .map((c) => `${c.method} ${c.url} ${JSON.stringify(c.body)}`);

const card = () => (
  <ContactCard
    contact={contact}
    now={new Date('2026-11-27T09:00:00.000Z')}
    pending={false}
    onToggleRead={() => undefined}
    onToggleReplied={() => undefined}
    onToggleSpam={() => undefined}
    onDelete={() => undefined}
  />
);

function open() {
  renderAdmin(card());
  const reply = screen.getByRole('button', { name: /^Reply/ });
  expect(reply.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(reply);
  expect(screen.getByRole('button', { name: /^Close reply/ }).getAttribute('aria-expanded')).toBe(
    'true',
  );
}

const editor = () => screen.getByRole('textbox', { name: 'Your reply (in German)' });

describe('answering an enquiry from its card', () => {
  it('shows the thread top to bottom and a reply that starts from the template, the message quoted', async () => {
    stub();
    open();
    const thread = await screen.findByRole('list', { name: 'Conversation' });
    const entries = within(thread).getAllByTestId('thread-entry');
    expect(entries.map((e) => e.dataset.kind)).toEqual(['enquiry', 'auto_reply']);
    expect(entries[1]!.textContent).toContain('Sent');
    await waitFor(() =>
      expect((editor() as HTMLTextAreaElement).value).toBe(
        `${TEMPLATE.greeting}\n\n\n\n${TEMPLATE.signature}`,
      ),
    );
    expect(editor().getAttribute('lang')).toBe('de');
    expect(
      screen.getByText(/Quoted below your reply: Am 27\.11\.2026 schrieb Jonas Weber:/),
    ).toBeTruthy();
    expect(screen.getByText(contact.message, { selector: 'blockquote' })).toBeTruthy();
  });

  it('names the visitor’s earlier enquiry above the thread, and assigns nobody', async () => {
    const calls = stubModelApi(({ url }) => {
      if (url === '/api/contacts/7')
        return json(200, {
          data: {
            ...detail(),
            earlier: [
              { id: 3, created_at: '2026-11-20T09:00:00.000Z', owner: 'Sara', replied: true },
            ],
          },
        });
      if (url === '/api/contacts/7/reply-template') return json(200, { data: TEMPLATE });
      return undefined;
    });
    renderAdmin(<MemoryRouter initialEntries={['/admin?tab=contacts']}>{card()}</MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: /^Reply/ }));
    const earlier = await screen.findByRole('list', {
      name: 'Earlier enquiries from this visitor',
    });
    expect(within(earlier).getByRole('link').textContent).toMatch(
      /^Also wrote on 20\/11\/2026, \d{2}:00 \(handled by Sara, replied\)$/,
    );
    expect(writes(calls)).toEqual([]);
  });

  it('drafts with AI into the editor for review, then sends what is there; the thread shows it waiting', async () => {
    const calls = stub();
    open();
    await waitFor(() =>
      expect((editor() as HTMLTextAreaElement).value).toContain(TEMPLATE.greeting),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Draft with AI' }));
    await waitFor(() => expect((editor() as HTMLTextAreaElement).value).toBe(DRAFT));
    fireEvent.change(editor(), { target: { value: `${DRAFT}\nsam` } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Reply sent to jonas@example.de'),
    );
    expect(writes(calls)).toEqual([
      'POST /api/llm/draft-reply {"contact_id":7}',
      `POST /api/contacts/7/replies ${JSON.stringify({ message: `${DRAFT}\nsam`, seen_replies: 0 })}`,
    ]);
    const entries = screen.getAllByTestId('thread-entry');
    expect(entries.at(-1)!.dataset.kind).toBe('reply');
    expect(entries.at(-1)!.textContent).toContain('Waiting to be sent');
    // Who wrote it, as the admin shows people: the display name.
    expect(entries.at(-1)!.textContent).toContain('Sam Rocha');
  });

  it('asks before a draft replaces what was written, and keeps it when told no', async () => {
    const calls = stub();
    open();
    await waitFor(() =>
      expect((editor() as HTMLTextAreaElement).value).toContain(TEMPLATE.greeting),
    );
    fireEvent.change(editor(), { target: { value: 'Mein eigener Text' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Draft with AI' }));
    const ask = await screen.findByRole('alertdialog');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect((editor() as HTMLTextAreaElement).value).toBe('Mein eigener Text');
    expect(writes(calls)).toEqual([]);
  });

  it('refuses an empty reply with the message beside the field, and sends nothing', async () => {
    const calls = stub();
    open();
    await waitFor(() =>
      expect((editor() as HTMLTextAreaElement).value).toContain(TEMPLATE.greeting),
    );
    fireEvent.change(editor(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write the reply before sending it')).toBeTruthy();
    expect(editor().getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
  });

  it('refuses the untouched template: a greeting and a signature are not an answer', async () => {
    const calls = stub();
    open();
    await waitFor(() =>
      expect((editor() as HTMLTextAreaElement).value).toContain(TEMPLATE.greeting),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(
      await screen.findByText(
        'Write your answer between the greeting and the signature before sending it.',
      ),
    ).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('with e-mail off, says so and does not send', async () => {
    const calls = stub(false);
    open();
    await screen.findByText(/E-mail is not set up on the server \(SMTP_URL\)/);
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(writes(calls)).toEqual([]);
  });

  it('adds a note for colleagues and gives the enquiry to a colleague', async () => {
    const calls = stub();
    open();
    const note = await screen.findByRole('textbox', { name: 'Note for colleagues' });
    fireEvent.change(note, { target: { value: 'Kunde ruft Montag an' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Note added'));
    const added = screen.getAllByTestId('thread-entry').at(-1)!.textContent;
    expect(added).toContain('Kunde ruft Montag an');
    // Without a display name, the username.
    expect(added).toMatch(/Internal note\s*sam/);
    const owner = screen.getByRole('combobox', { name: 'Handled by: Jonas Weber' });
    await screen.findByRole('option', { name: 'Sam Rocha (sam)' });
    expect(screen.getByRole('option', { name: 'admin' })).toBeTruthy();
    fireEvent.change(owner, { target: { value: '4' } });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Enquiry assigned to Sam Rocha'),
    );
    expect(writes(calls)).toEqual([
      'POST /api/contacts/7/notes {"text":"Kunde ruft Montag an"}',
      'PUT /api/contacts/7/assignee {"user_id":4}',
    ]);
  });

  it('keeps a note not added when the card is closed and opened, or drawn again; adding it forgets it', async () => {
    stub();
    open();
    const note = () => screen.findByRole('textbox', { name: 'Note for colleagues' });
    fireEvent.change(await note(), { target: { value: 'Kunde ruft Montag an' } });
    // The card closed (no reply written, so it does not ask) and opened again.
    fireEvent.click(screen.getByRole('button', { name: /^Close reply/ }));
    expect(screen.queryByRole('textbox', { name: 'Note for colleagues' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Reply/ }));
    expect(((await note()) as HTMLTextAreaElement).value).toBe('Kunde ruft Montag an');
    // The card taken down (another admin page, a filter it no longer matches) and drawn again.
    cleanup();
    renderAdmin(card());
    expect(((await note()) as HTMLTextAreaElement).value).toBe('Kunde ruft Montag an');
    // Kept, like an unsent reply: leaving the page (a reload, a closed window) does not ask.
    expect(leavingIsQuestioned()).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Note added'));
    expect(((await note()) as HTMLTextAreaElement).value).toBe('');
    cleanup();
    renderAdmin(card());
    expect(((await note()) as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps what was written when the card goes and comes back, its reply still open', async () => {
    stub();
    open();
    await waitFor(() =>
      expect((editor() as HTMLTextAreaElement).value).toContain(TEMPLATE.greeting),
    );
    fireEvent.change(editor(), { target: { value: 'Mein eigener Text' } });
    // The card leaves the list (a filter it no longer matches), then is shown again.
    cleanup();
    renderAdmin(card());
    await waitFor(() => expect((editor() as HTMLTextAreaElement).value).toBe('Mein eigener Text'));
  });

  it('shows why a reply could not be sent on the card drawn again while it was on its way', async () => {
    const answer = held<Response>();
    const calls = stub(true, answer.promise);
    open();
    await waitFor(() =>
      expect((editor() as HTMLTextAreaElement).value).toContain(TEMPLATE.greeting),
    );
    fireEvent.change(editor(), { target: { value: 'Mein eigener Text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    // The card is taken down and drawn again (the list asked again) while the reply travels.
    cleanup();
    renderAdmin(card());
    const send = await screen.findByRole('button', { name: 'Sending…' });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(send);
    answer.release(json(502, { error: 'The mail server did not answer' }));
    expect(await screen.findByText('The mail server did not answer')).toBeTruthy();
    expect(editor().getAttribute('aria-invalid')).toBe('true');
    expect((editor() as HTMLTextAreaElement).value).toBe('Mein eigener Text');
    expect(
      screen.getByRole('button', { name: 'Send reply' }).getAttribute('aria-disabled'),
    ).toBeNull();
    expect(writes(calls)).toEqual([
      `POST /api/contacts/7/replies ${JSON.stringify({ message: 'Mein eigener Text', seen_replies: 0 })}`,
    ]);
  });
});
