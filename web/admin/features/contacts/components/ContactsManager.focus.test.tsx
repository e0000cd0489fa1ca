// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '#shared/contact';
import { held, json, stubModelApi, type ApiCall } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { ContactsManager } from './ContactsManager';

/**
 * A row action that takes its card off the list shown (Mark as spam, Not
 * spam, Mark as read or replied under a filter, Delete once confirmed) leaves the keyboard on the
 * list: on the card that took its place, else the one before, else the
 * tab's heading, not on the page's body.
 */
quietToasts();
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const enquiry = (id: number, name: string): Contact => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.de`,
  company: null,
  language: 'de',
  replied_at: null,
  spam: false,
  spam_reasons: [],
  message: 'Wir brauchen ein Angebot.',
  read: false,
  created_at: '2026-11-27T08:00:00.000Z',
  source_path: null,
  source_title: null,
  due_at: '2099-11-28T08:00:00.000Z',
  assignee: null,
});
const ANA = enquiry(1, 'Ana Silva');
const JONAS = enquiry(2, 'Jonas Weber');
const LEA = enquiry(3, 'Lea Braun');

const page = (items: Contact[]) =>
  new Response(JSON.stringify({ data: items }), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(items.length) },
  });

/**
 * The API over `server`'s enquiries: each folder and the read filter list what they hold;
 * `first` answers before it, when it answers.
 */
function stub(
  server: Contact[],
  first: (call: ApiCall) => Promise<Response> | undefined = () => undefined,
) {
  stubModelApi(({ method, url, body }) => {
    const answer = first({ method, url, body });
    if (answer) return answer;
    if (url.startsWith('/api/contacts?')) {
      const query = new URLSearchParams(url.slice(url.indexOf('?')));
      const spam = query.get('spam') === 'true';
      const read = query.get('read');
      return page(
        server.filter((c) => c.spam === spam && (read === null || String(c.read) === read || spam)),
      );
    }
    if (url === '/api/mail/status') return json(200, { data: { enabled: false, notify: 0 } });
    if (url === '/api/users/staff') return json(200, { data: [] });
    const deleted = /^\/api\/contacts\/(\d+)$/.exec(url);
    if (method === 'DELETE' && deleted) {
      server.splice(
        server.findIndex((c) => c.id === Number(deleted[1])),
        1,
      );
      return new Response(null, { status: 204 });
    }
    const write = /^\/api\/contacts\/(\d+)\/(spam|read)$/.exec(url);
    if (method === 'PUT' && write) {
      const i = server.findIndex((c) => c.id === Number(write[1]));
      const [, , field] = write;
      server[i] = { ...server[i]!, [field!]: body?.[field!] };
      return json(200, { data: server[i] });
    }
    return undefined;
  });
}

const open = (address: string) =>
  renderAdmin(
    <MemoryRouter initialEntries={[address]}>
      <ContactsManager stats={null} />
    </MemoryRouter>,
  );

/** Presses a button of the page from the keyboard (it has the focus). */
async function pressByKeyboard(name: RegExp) {
  const action = await screen.findByRole('button', { name });
  action.focus();
  fireEvent.click(action);
}

/** Waits for a card to leave the page. */
const cardGone = (card: Contact) =>
  waitFor(() => expect(document.getElementById(`contact-${card.id}`)).toBeNull());

/** Presses a card's action from the keyboard and waits for the card to go. */
async function press(name: RegExp, card: Contact) {
  await pressByKeyboard(name);
  await cardGone(card);
}

/** Deletes a card from the keyboard (its Delete, then the question's) and waits for it to go. */
async function deleteByKeyboard(card: Contact) {
  await pressByKeyboard(new RegExp(`^Delete: ${card.name}`));
  const question = await screen.findByRole('alertdialog');
  fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
  await cardGone(card);
  return question;
}

/** The first control of a card (its e-mail address, as Tab reaches it first). */
const firstControl = (card: Contact) => screen.getByRole('link', { name: card.email });

/** As browsers do (jsdom does not): nothing behind an open dialog (`inert`) takes the focus. */
function focusSkipsInert() {
  const focus = HTMLElement.prototype.focus;
  vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement) {
    if (!this.closest('[inert]')) focus.call(this);
  });
}

describe('a row action that takes its card off the list', () => {
  it('leaves the focus on the next card, marked as spam in the inbox', async () => {
    stub([ANA, JONAS, LEA]);
    open('/admin?tab=contacts&sort=newest');
    await press(/^Mark as spam: Ana Silva/, ANA);
    await waitFor(() => expect(document.activeElement).toBe(firstControl(JONAS)));
  });

  it('on the card before when it was the last, marked read under "Unread"', async () => {
    stub([ANA, JONAS, LEA]);
    open('/admin?tab=contacts&sort=newest&read=false');
    await press(/^Mark as read: Lea Braun/, LEA);
    await waitFor(() => expect(document.activeElement).toBe(firstControl(JONAS)));
  });

  it("on the tab's heading when the list is left empty, back out of spam", async () => {
    stub([{ ...ANA, spam: true }]);
    open('/admin?tab=contacts&spam=true');
    // Not spam: the folder is left empty.
    await pressByKeyboard(/^Not spam: Ana Silva/);
    await screen.findByText('The spam folder is empty.');
    await waitFor(() => expect(document.activeElement?.id).toBe('contacts-title'));
  });

  it('on the next card after a deletion, once its question has closed', async () => {
    focusSkipsInert();
    stub([ANA, JONAS, LEA]);
    open('/admin?tab=contacts&sort=newest');
    await deleteByKeyboard(ANA);
    await waitFor(() => expect(document.activeElement).toBe(firstControl(JONAS)));
  });

  it('on the next card after a deletion whose card went while its question was still open', async () => {
    focusSkipsInert();
    // A deletion is done once the lists and the mail status are back: the status held, the
    // list without the card comes first, the question still open over the page (inert).
    const status = held<Response>();
    let deleted = false;
    stub([ANA, JONAS, LEA], ({ method, url }) => {
      if (method === 'DELETE') deleted = true;
      return deleted && url === '/api/mail/status' ? status.promise : undefined;
    });
    open('/admin?tab=contacts&sort=newest');
    const question = await deleteByKeyboard(ANA);
    expect(screen.getByRole('alertdialog')).toBe(question);

    status.release(json(200, { data: { enabled: false, notify: 0 } }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(firstControl(JONAS)));
  });
});
