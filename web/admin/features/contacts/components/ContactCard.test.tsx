// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Contact } from '#shared/contact';
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

const contact: Contact = {
  id: 3,
  name: 'Ana Silva',
  email: 'ana@example.com',
  company: null,
  language: 'en',
  replied_at: null,
  spam: false,
  spam_reasons: [],
  message: 'We would like a quote.',
  read: false,
  created_at: '2025-03-01T13:05:00.000Z',
};

function card(pending: boolean) {
  const handlers = { onToggleRead: vi.fn(), onDelete: vi.fn() };
  renderAdmin(<ContactCard contact={contact} pending={pending} {...handlers} />);
  fireEvent.click(screen.getByRole('button', { name: /^Mark as read/ }));
  fireEvent.click(screen.getByRole('button', { name: /^Delete/ }));
  return handlers;
}

describe('ContactCard', () => {
  it('marks as read and asks to delete when idle', () => {
    const { onToggleRead, onDelete } = card(false);
    expect(onToggleRead).toHaveBeenCalledOnce();
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('refuses both actions while a write on the enquiry is pending', () => {
    const { onToggleRead, onDelete } = card(true);
    for (const button of screen.getAllByRole('button'))
      expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(onToggleRead).not.toHaveBeenCalled();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('says when it arrived, date and time, in the admin’s language and time zone', () => {
    renderAdmin(
      <ContactCard contact={contact} pending={false} onToggleRead={vi.fn()} onDelete={vi.fn()} />,
    );
    expect(screen.getByText('Received 01/03/2025, 14:05')).toBeTruthy();
    cleanup();
    renderAdmin(
      <ContactCard contact={contact} pending={false} onToggleRead={vi.fn()} onDelete={vi.fn()} />,
      { language: 'de' },
    );
    expect(screen.getByText('Eingegangen am 01.03.2025, 14:05')).toBeTruthy();
  });
});
