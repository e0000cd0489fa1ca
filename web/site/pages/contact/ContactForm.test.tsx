// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactFormIn, field, json, renderContactForm, type } from '../../test/contact-form';
import { loadValidator } from './useContactForm';

let fetchSpy: ReturnType<typeof vi.spyOn>;

// In the browser the rules arrive when the visitor turns to the form; here, before each test.
beforeAll(() => loadValidator());
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

const nameInput = () => field(/^Name/);
const emailInput = () => field(/^Email/);
const companyInput = () => field(/^Company/);
const messageInput = () => field(/^Message/);
const submitButton = () =>
  screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement;

function fillValid() {
  type(nameInput(), '  Ana Silva  ');
  type(emailInput(), 'ana@example.pt');
  type(companyInput(), 'Metalurgica Norte');
  type(messageInput(), 'We need a robot cell for welding.');
}

describe('ContactForm', () => {
  it('ties labels to inputs, marks required fields and gives the message 5 rows', () => {
    renderContactForm();
    expect(nameInput().required).toBe(true);
    expect(emailInput().type).toBe('email');
    expect(emailInput().required).toBe(true);
    expect(companyInput().required).toBe(false);
    expect(messageInput().tagName).toBe('TEXTAREA');
    expect(messageInput().getAttribute('rows')).toBe('5');
    expect(messageInput().required).toBe(true);
    expect(nameInput().getAttribute('autocomplete')).toBe('name');
  });

  it.each([
    ['name', nameInput, '', 'Name is required'],
    ['name', nameInput, '   ', 'Name is required'],
    ['name', nameInput, ' A ', 'Name must be at least 2 characters'],
    ['name', nameInput, 'x'.repeat(51), 'Name must be less than 50 characters'],
    ['email', emailInput, '', 'Email is required'],
    ['email', emailInput, 'ana@example', 'Please enter a valid email address'],
    ['email', emailInput, 'ana silva@example.pt', 'Please enter a valid email address'],
    ['email', emailInput, 'anna@example.com.', 'Please enter a valid email address'],
    ['email', emailInput, '😀anna@example.com', 'Please enter a valid email address'],
    ['company', companyInput, 'X', 'Company name must be at least 2 characters'],
    ['company', companyInput, 'x'.repeat(101), 'Company name must be less than 100 characters'],
    ['message', messageInput, '', 'Message is required'],
    ['message', messageInput, '  too short  ', 'Message must be at least 10 characters'],
    ['message', messageInput, 'x'.repeat(1001), 'Message must be less than 1000 characters'],
  ])('%s %j shows "%s" under the field once touched', (_f, input, value, message) => {
    renderContactForm();
    fireEvent.change(input(), { target: { value: value || 'something' } });
    fireEvent.change(input(), { target: { value } });
    expect(screen.queryByText(message)).toBeNull();
    fireEvent.blur(input());
    const error = screen.getByText(message);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe(error.id);
    expect(input().className).toContain('border-red-600');
  });

  it('trims values before checking and accepts the limits exactly', () => {
    renderContactForm();
    type(nameInput(), `  ${'x'.repeat(50)}  `);
    type(companyInput(), '   ');
    type(messageInput(), `   ${'m'.repeat(10)}   `);
    expect(nameInput().getAttribute('aria-invalid')).toBeNull();
    expect(companyInput().getAttribute('aria-invalid')).toBeNull();
    expect(messageInput().getAttribute('aria-invalid')).toBeNull();
  });

  it('validates on change once touched, and clears the error as soon as the value is fixed', () => {
    renderContactForm();
    type(nameInput(), 'A');
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(nameInput(), { target: { value: 'Ana' } });
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('does not show errors of untouched fields', () => {
    renderContactForm();
    type(nameInput(), 'Ana');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('an invalid submit marks every field touched, shows the notice and sends nothing', async () => {
    renderContactForm();
    fireEvent.click(submitButton());
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(
      await screen.findByText('Please fix the errors in the form before submitting.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(nameInput());
    expect(submitButton().disabled).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the enquiry with its language, the honeypot and the fill time, toasts success and clears the form', async () => {
    fetchSpy.mockResolvedValue(json(201, { data: { id: 7 } }));
    const clock = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    renderContactForm();
    fillValid();
    clock.mockReturnValue(13_345.6);
    fireEvent.click(submitButton());
    expect(await screen.findByText('Success')).toBeTruthy();
    expect(
      screen.getByText("Thank you for your inquiry. We'll get back to you within 24 hours."),
    ).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/contacts');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      name: '  Ana Silva  ',
      email: 'ana@example.pt',
      company: 'Metalurgica Norte',
      message: 'We need a robot cell for welding.',
      language: 'en',
      extra_comment: '',
      form_ms: 12_346,
    });
    await waitFor(() => expect(nameInput().value).toBe(''));
    expect(messageInput().value).toBe('');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(submitButton().disabled).toBe(false);
  });

  it('sends the article the address says the visitor came from (`?from=`), and nothing without one', async () => {
    fetchSpy.mockImplementation(async () => json(201, { data: { id: 10 } }));
    window.history.replaceState(null, '', '/pt/contact?from=welding-cells');
    try {
      renderContactForm();
      type(nameInput(), 'Ana Silva');
      type(emailInput(), 'ana@example.pt');
      type(messageInput(), 'Precisamos de uma célula de soldadura.');
      fireEvent.click(submitButton());
      await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
      window.history.replaceState(null, '', '/contact');
      await waitFor(() => expect(nameInput().value).toBe(''));
      type(nameInput(), 'Ana Silva');
      type(emailInput(), 'ana@example.pt');
      type(messageInput(), 'Precisamos de uma célula de soldadura.');
      fireEvent.click(submitButton());
      await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
      const bodies = (fetchSpy.mock.calls as [string, RequestInit][]).map(
        ([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>,
      );
      expect(bodies[0]).toMatchObject({ from: 'welding-cells', language: 'en' });
      expect(bodies[1]).not.toHaveProperty('from');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('times the next enquiry from the moment the form was cleared, and sends the page’s language', async () => {
    fetchSpy.mockImplementation(async () => json(201, { data: { id: 8 } }));
    const clock = vi.spyOn(performance, 'now').mockReturnValue(500);
    renderContactForm('de');
    const send = () => fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    const sentBodies = () =>
      (fetchSpy.mock.calls as [string, RequestInit][]).map(
        ([, init]) => JSON.parse(String(init.body)) as { language: string; form_ms: number },
      );
    const fill = () => {
      type(field(/^Name/), 'Jonas Weber');
      type(field(/^E-Mail/), 'jonas@example.de');
      type(field(/^Nachricht/), 'Wir brauchen eine Schweißzelle.');
    };
    fill();
    clock.mockReturnValue(30_500);
    send();
    await waitFor(() => expect(field(/^Name/).value).toBe(''));
    clock.mockReturnValue(40_500);
    fill();
    send();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    expect(sentBodies().map((b) => [b.language, b.form_ms])).toEqual([
      ['de', 30_000],
      ['de', 10_000],
    ]);
  });

  it('hydrated late, takes over what was typed before and times the fill from the page load', async () => {
    fetchSpy.mockResolvedValue(json(201, { data: { id: 9 } }));
    const ui = contactFormIn('en');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(ui);
    // Typed into the server's HTML before the visitor's first intent brought the scripts.
    const typed = (name: string, value: string) =>
      ((container.querySelector(`[name="${name}"]`) as HTMLInputElement).value = value);
    typed('name', 'Ana Silva');
    typed('email', 'ana@example.pt');
    typed('message', 'We need a robot cell for welding.');
    const clock = vi.spyOn(performance, 'now').mockReturnValue(9_000);
    render(ui, { container, hydrate: true });
    // A later render (another field's change) keeps them, and the form knows them.
    type(companyInput(), 'Metalurgica Norte');
    expect(nameInput().value).toBe('Ana Silva');
    expect(messageInput().value).toBe('We need a robot cell for welding.');
    clock.mockReturnValue(21_000);
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: 'Ana Silva',
      email: 'ana@example.pt',
      company: 'Metalurgica Norte',
      message: 'We need a robot cell for welding.',
      // On screen since the page began to load, not since it hydrated (at 9 s).
      form_ms: 21_000,
    });
  });

  /** The failure the form itself says (a toast may say it too). */
  const formAlert = () => within(nameInput().closest('form')!).findByRole('alert');

  it('shows the server message (429 included) in the form and as an error toast, and keeps the values', async () => {
    const message = 'Too many enquiries. Please try again later.';
    fetchSpy.mockResolvedValue(json(429, { error: message }));
    renderContactForm();
    fillValid();
    fireEvent.click(submitButton());
    expect((await formAlert()).textContent).toBe(message);
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(nameInput().value).toBe('  Ana Silva  ');
    expect(submitButton().disabled).toBe(false);
  });

  it('shows the network-error text in the form when the request cannot be made', async () => {
    fetchSpy.mockRejectedValue(new TypeError('Failed to fetch'));
    renderContactForm();
    fillValid();
    fireEvent.click(submitButton());
    expect((await formAlert()).textContent).toBe(
      'Network error: Unable to connect to the server. Please check if the backend is running.',
    );
  });

  it('shows "Sending..." and blocks a second submit while the request runs, keeping the focus', async () => {
    let answer: (r: Response) => void = () => {};
    fetchSpy.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderContactForm();
    fillValid();
    // Sent by keyboard (Enter on the button): a button that turns `disabled` drops the focus
    // to the page, so it is only marked unavailable.
    submitButton().focus();
    fireEvent.click(submitButton());
    const busy = (await screen.findByRole('button', { name: 'Sending...' })) as HTMLButtonElement;
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(busy.disabled).toBe(false);
    expect(document.activeElement).toBe(busy);
    fireEvent.click(busy);
    fireEvent.submit(busy.closest('form')!);
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    await act(async () => answer(json(201, { data: { id: 1 } })));
    await waitFor(() => expect(nameInput().value).toBe(''));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(submitButton().getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(submitButton());
  });

  it('speaks Portuguese and German', () => {
    renderContactForm('pt');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(screen.getByText('O nome é obrigatório')).toBeTruthy();
    cleanup();
    renderContactForm('de');
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(screen.getByText('Nachricht ist erforderlich')).toBeTruthy();
  });

  it('hides the honeypot from people and screen readers', () => {
    const { container } = renderContactForm();
    const trap = container.querySelector<HTMLInputElement>('input[name="extra_comment"]')!;
    // A name and id no identity autofill fills in (it filled `website`, dropping a genuine enquiry).
    expect(container.querySelector('[name="website"], [id$="-website"]')).toBeNull();
    expect(trap.id).not.toMatch(/web|url|site|home|name|mail|phone|company|address/i);
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /Leave this field empty/ })).toBeNull();
  });
});
