// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Contact } from '#shared/contact';
import type { Language } from '#shared/languages';
import { renderAdmin } from '../../../test/render';
import { ContactCard } from './ContactCard';

// The admin's own time zone shows; pin one so the expected texts are fixed.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});
afterEach(cleanup);

const HOUR = 3_600_000;
const now = new Date('2025-03-02T12:05:00.000Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
/** Received `hours` ago, due 24 hours later. */
const arrived = (hours: number) => ({ created_at: ago(hours), due_at: ago(hours - 24) });

const contact: Contact = {
  id: 3,
  name: 'Ana Silva',
  email: 'ana@example.com',
  company: null,
  language: 'pt',
  replied_at: null,
  spam: false,
  spam_reasons: [],
  message: 'We would like a quote.',
  read: false,
  created_at: '2025-03-01T13:05:00.000Z',
  source_path: null,
  source_title: null,
  due_at: '2025-03-02T13:05:00.000Z',
  assignee: null,
};

function renderCard(
  over: Partial<Contact> = {},
  { pending = false, language = 'en' as Language } = {},
) {
  const handlers = {
    onToggleRead: vi.fn(),
    onToggleReplied: vi.fn(),
    onToggleSpam: vi.fn(),
    onDelete: vi.fn(),
  };
  renderAdmin(
    <ContactCard contact={{ ...contact, ...over }} now={now} pending={pending} {...handlers} />,
    { language },
  );
  return handlers;
}

const click = (name: RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('ContactCard', () => {
  it('marks read, replied, spam and asks to delete when idle', () => {
    const on = renderCard();
    click(/^Mark as read/);
    click(/^Mark as replied/);
    click(/^Mark as spam/);
    click(/^Delete/);
    expect(on.onToggleRead).toHaveBeenCalledOnce();
    expect(on.onToggleReplied).toHaveBeenCalledOnce();
    expect(on.onToggleSpam).toHaveBeenCalledOnce();
    expect(on.onDelete).toHaveBeenCalledOnce();
  });

  it('refuses every action while a write on the enquiry is pending (opening the reply is no write)', () => {
    const on = renderCard({}, { pending: true });
    const buttons = screen.getAllByRole('button');
    expect(buttons[0]!.textContent).toMatch(/^Reply/);
    for (const button of buttons.slice(1)) {
      expect(button.getAttribute('aria-disabled')).toBe('true');
      fireEvent.click(button);
    }
    for (const handler of Object.values(on)) expect(handler).not.toHaveBeenCalled();
  });

  it('says when it arrived, date and time and how long ago, in the admin’s language and time zone', () => {
    renderCard();
    expect(screen.getByText('Received 01/03/2025, 14:05')).toBeTruthy();
    expect(screen.getByTestId('received-ago').textContent).toBe('23 hours ago');
    expect(screen.getByText('Written in Portuguese')).toBeTruthy();
    cleanup();
    renderCard({}, { language: 'de' });
    expect(screen.getByText('Eingegangen am 01.03.2025, 14:05')).toBeTruthy();
    expect(screen.getByTestId('received-ago').textContent).toBe('vor 23 Stunden');
    expect(screen.getByText('Verfasst auf Portugiesisch')).toBeTruthy();
  });

  it('marks an enquiry due soon in its last 4 hours and overdue once past its due time, in words', () => {
    renderCard(arrived(21));
    expect(screen.getByTestId('reply-marker').textContent).toBe('Due soon');
    expect(screen.getByTestId('reply-line').textContent).toBe('Reply due in 3 hours');
    cleanup();
    renderCard(arrived(30));
    expect(screen.getByTestId('reply-marker').textContent).toBe('Overdue');
    expect(screen.getByTestId('reply-line').textContent).toBe('Reply was due 6 hours ago');
    cleanup();
    renderCard(arrived(2));
    expect(screen.queryByTestId('reply-marker')).toBeNull();
    expect(screen.getByTestId('reply-line').textContent).toBe('Reply due in 22 hours');
  });

  it.each([
    ['en', 'Due by the end of 03/03/2025', '03/03/2025, 20:00'],
    ['pt', 'Prazo até ao final do dia 03/03/2025', '03/03/2025, 20:00'],
    ['de', 'Fällig bis 03.03.2025, Tagesende', '03.03.2025, 20:00'],
  ] as const)(
    'gives a reply due at midnight as due by the end of the day before, in full (%s)',
    (language, endOfDay, evening) => {
      // Tuesday 4 March 2025, 00:00 in Berlin: due by the end of Monday 3 March.
      renderCard({ due_at: '2025-03-03T23:00:00.000Z' }, { language });
      expect(screen.getByTestId('reply-line').querySelector('time')!.title).toBe(endOfDay);
      cleanup();
      renderCard({ due_at: '2025-03-03T19:00:00.000Z' }, { language });
      expect(screen.getByTestId('reply-line').querySelector('time')!.title).toBe(evening);
    },
  );

  it('once replied: the marker says so and the action turns back', () => {
    const on = renderCard({ ...arrived(30), read: true, replied_at: ago(1) });
    expect(screen.getByTestId('reply-marker').textContent).toBe('Replied');
    expect(screen.getByTestId('reply-line').textContent).toBe('Replied 1 hour ago');
    click(/^Mark as not replied/);
    expect(on.onToggleReplied).toHaveBeenCalledOnce();
  });

  it('says "Reply not delivered" when the mail server refused its last reply, in the admin’s language', () => {
    // The enquiry waits for a reply again: no "Replied", its due time counts.
    renderCard({ ...arrived(30), read: true, reply_failed: true });
    expect(screen.getByTestId('reply-not-delivered').textContent).toBe('Reply not delivered');
    expect(screen.getByTestId('reply-marker').textContent).toBe('Overdue');
    expect(screen.getByRole('button', { name: /^Mark as replied/ })).toBeTruthy();
    cleanup();
    renderCard({ ...arrived(2), reply_failed: true }, { language: 'pt' });
    expect(screen.getByTestId('reply-not-delivered').textContent).toBe('Resposta não entregue');
    cleanup();
    renderCard({ reply_failed: true }, { language: 'de' });
    expect(screen.getByTestId('reply-not-delivered').textContent).toBe('Antwort nicht zugestellt');
    cleanup();
    // Delivered, or never sent by a server that does not say: nothing.
    renderCard({ reply_failed: false });
    renderCard({});
    expect(screen.queryByTestId('reply-not-delivered')).toBeNull();
  });

  it('in the spam folder: the reasons in the admin’s language, Not spam and Delete only', () => {
    const on = renderCard(
      {
        spam: true,
        spam_reasons: ['links', 'phrases'],
        message: 'SEO backlinks: http://seo-1.example http://seo-2.example www.seo-3.example',
        ...arrived(30),
      },
      { language: 'pt' },
    );
    const card = screen.getByTestId('contact-card');
    expect(within(card).getByText('Contém 3 ligações')).toBeTruthy();
    expect(within(card).getByText('Expressões típicas de spam (SEO, casino, …)')).toBeTruthy();
    expect(screen.queryByTestId('reply-marker')).toBeNull();
    expect(screen.queryByText('Novo')).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Não é spam: Ana Silva',
      'Eliminar: Ana Silva',
    ]);
    click(/^Não é spam/);
    expect(on.onToggleSpam).toHaveBeenCalledOnce();
  });

  it('says how many links the spam check found: one is "a link", never "many"', () => {
    const spamWith = (message: string, language: Language) => {
      cleanup();
      renderCard({ spam: true, spam_reasons: ['fast', 'links'], message }, { language });
      return within(screen.getByTestId('contact-card')).getAllByRole('listitem');
    };
    const own = 'Our parts are on https://www.metalurgica-norte.example/parts, please quote.';
    expect(spamWith(own, 'en').map((item) => item.textContent)).toEqual([
      'Sent faster than a person can fill in the form',
      'Contains a link',
    ]);
    expect(spamWith(own, 'pt')[1]!.textContent).toBe('Contém uma ligação');
    expect(spamWith(own, 'de')[1]!.textContent).toBe('Enthält einen Link');
    const two = 'See http://a.example and www.b.example for the drawings.';
    expect(spamWith(two, 'en')[1]!.textContent).toBe('Contains 2 links');
    expect(spamWith(two, 'de')[1]!.textContent).toBe('Enthält 2 Links');
    // A stored reason whose links the message no longer shows as such still reads true.
    expect(spamWith('No address in here.', 'en')[1]!.textContent).toBe('Contains links');
  });

  it('names the article the enquiry came from, linked to it on the site; nothing without one', () => {
    renderCard({ source_path: '/welding-cells', source_title: 'Welding cells in practice' });
    const link = within(screen.getByTestId('contact-source')).getByRole('link');
    expect(screen.getByTestId('contact-source').textContent).toContain('Came from:');
    expect(link.getAttribute('href')).toBe('/welding-cells');
    expect(link.textContent).toBe('Welding cells in practice (opens in a new tab)');
    cleanup();
    renderCard();
    expect(screen.queryByTestId('contact-source')).toBeNull();
  });

  it('writes to the visitor’s address alone: one that looks like mailto headers adds no Cc or text', () => {
    const email = 'x?cc=spy%40evil.example&body=hi@example.com';
    renderCard({ email });
    const href = screen.getByRole('link', { name: email }).getAttribute('href')!;
    const url = new URL(href);
    expect(url.search).toBe('');
    expect(decodeURIComponent(url.pathname)).toBe(email);
    cleanup();
    renderCard({ email: 'sales&support@example.com' });
    const honest = screen.getByRole('link', { name: 'sales&support@example.com' });
    expect(honest.getAttribute('href')).toBe('mailto:sales%26support@example.com');
  });
});
