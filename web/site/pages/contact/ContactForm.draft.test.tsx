// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  contactFormIn,
  field,
  json,
  renderContactForm,
  renderContactFormAgain,
  send,
  type,
} from '../../test/contact-form';
import { restoreContactDraft } from './contact-draft';
import { loadValidator } from './useContactForm';

let fetchSpy: ReturnType<typeof vi.spyOn>;

beforeAll(() => loadValidator());
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

function fillIn() {
  type(field(/^Name/), 'Ana Silva');
  type(field(/^Email/), 'ana@example.pt');
  type(field(/^Company/), 'Metalurgica Norte');
  type(field(/^Message/), 'We need a robot cell for welding.');
}

describe('ContactForm keeps what was typed for the visit in this tab', () => {
  it('finds it again when made again in another language, without the honeypot', () => {
    const { container } = renderContactForm('en');
    fillIn();
    const trap = container.querySelector<HTMLInputElement>('input[name="extra_comment"]')!;
    type(trap, 'bot text');
    expect(window.sessionStorage.length).toBe(1);
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('bot text');

    renderContactFormAgain('de');
    expect(field(/^Name/).value).toBe('Ana Silva');
    expect(field(/^E-Mail/).value).toBe('ana@example.pt');
    expect(field(/^Unternehmen/).value).toBe('Metalurgica Norte');
    expect(field(/^Nachricht/).value).toBe('We need a robot cell for welding.');
    // Kept, not touched: no error shows before the visitor acts.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('forgets it once sent, and when the visitor empties every field', async () => {
    fetchSpy.mockResolvedValue(json(201, { data: { id: 4 } }));
    renderContactForm('en');
    fillIn();
    screen.getByRole('button', { name: 'Send Message' }).click();
    await waitFor(() => expect(field(/^Message/).value).toBe(''));
    renderContactFormAgain('pt');
    expect(field(/^Nome/).value).toBe('');
    expect(field(/^Mensagem/).value).toBe('');

    type(field(/^Nome/), 'Rui');
    type(field(/^Nome/), '');
    renderContactFormAgain('en');
    expect(field(/^Name/).value).toBe('');
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('ContactForm given the text back times the fill from when the visitor began it', () => {
  const START = Date.parse('2025-03-02T12:00:00.000Z');
  /** The clocks: the wall's, and the page's own (performance.now(), from 0 again on each page). */
  function clocks() {
    const wall = vi.spyOn(Date, 'now').mockReturnValue(START);
    const page = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    return (wallMs: number, pageMs: number) => {
      wall.mockReturnValue(START + wallMs);
      page.mockReturnValue(pageMs);
    };
  }
  const sentBody = async () => {
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    return JSON.parse(String(init.body)) as Record<string, unknown>;
  };

  it('back from the privacy notice (another page) and sent at once: the time since the form was first shown', async () => {
    fetchSpy.mockResolvedValue(json(201, { data: { id: 5 } }));
    const at = clocks();
    renderContactForm('en');
    at(2_000, 3_000);
    fillIn();
    // 20 s of writing and reading later, a new page (its own clock from 0) shows the form again.
    at(20_000, 400);
    renderContactFormAgain('de');
    expect(field(/^Nachricht/).value).toBe('We need a robot cell for welding.');
    at(20_500, 900);
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await sentBody()).toMatchObject({ language: 'de', form_ms: 20_500 });
    // Sent: the next enquiry is timed from now, in this form.
    expect(window.sessionStorage.length).toBe(0);
  });

  it('a new page whose loader put the text back before hydrating: timed from the start too', async () => {
    fetchSpy.mockResolvedValue(json(201, { data: { id: 8 } }));
    const at = clocks();
    const message = 'We need a robot cell for welding.';
    window.sessionStorage.setItem(
      'contactDraft',
      JSON.stringify({
        name: 'Ana Silva',
        email: 'ana@example.pt',
        company: '',
        message,
        startedAt: START,
      }),
    );
    at(30_000, 700);
    const ui = contactFormIn('en');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(ui);
    restoreContactDraft(container, '');
    render(ui, { container, hydrate: true });
    expect(field(/^Message/).value).toBe(message);
    at(30_400, 1_100);
    send();
    expect(await sentBody()).toMatchObject({ message, form_ms: 30_400 });
  });

  it('a draft that does not say when it was begun (kept by an earlier page): no fill time is sent', async () => {
    fetchSpy.mockResolvedValue(json(201, { data: { id: 6 } }));
    const at = clocks();
    window.sessionStorage.setItem(
      'contactDraft',
      JSON.stringify({
        name: 'Ana Silva',
        email: 'ana@example.pt',
        company: '',
        message: 'We need a robot cell for welding.',
      }),
    );
    renderContactFormAgain('en');
    expect(field(/^Name/).value).toBe('Ana Silva');
    // A change keeps the start unknown: the next form must not measure from this moment either.
    type(field(/^Company/), 'Metalurgica Norte');
    expect(JSON.parse(window.sessionStorage.getItem('contactDraft')!)).toMatchObject({
      startedAt: null,
    });
    at(500, 1_500);
    send();
    expect(await sentBody()).not.toHaveProperty('form_ms');
  });

  it('a start kept in the future (a clock set back) sends no fill time; one days old counts as a day', async () => {
    fetchSpy.mockResolvedValue(json(201, { data: { id: 7 } }));
    const at = clocks();
    const draft = (startedAt: number) =>
      window.sessionStorage.setItem(
        'contactDraft',
        JSON.stringify({
          name: 'Ana Silva',
          email: 'ana@example.pt',
          company: '',
          startedAt,
          message: 'We need a robot cell for welding.',
        }),
      );
    draft(START + 60_000);
    renderContactFormAgain('en');
    at(300, 1_300);
    send();
    expect(await sentBody()).not.toHaveProperty('form_ms');

    fetchSpy.mockClear();
    at(0, 1_000);
    draft(START - 30 * 24 * 3_600_000);
    renderContactFormAgain('en');
    at(300, 1_300);
    send();
    expect(await sentBody()).toMatchObject({ form_ms: 24 * 3_600_000 + 300 });
  });
});
