// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactSubmission } from '#shared/contact';
import { field, fillRequired, json, renderContactForm, send } from '../../test/contact-form';
import { loadValidator } from './useContactForm';

let fetchSpy: ReturnType<typeof vi.spyOn>;

beforeAll(() => loadValidator());
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const form = () => within(field(/^Name/).closest('form')!);
const THANKS = "Thank you for your inquiry. We'll get back to you within 24 hours.";
const refused: ContactSubmission = {
  status: 'failed',
  values: { name: 'Ana Silva', email: 'ana@example.pt', company: '', message: 'Hello there!' },
  message: 'Too many enquiries sent from your network. Please try again in a few minutes.',
  httpStatus: 429,
};

describe('ContactForm after a post without JavaScript', () => {
  it('drops the server’s refusal once the form has sent from the page', async () => {
    fetchSpy.mockResolvedValue(json(201, { data: { id: 3 } }));
    renderContactForm('en', { posted: refused });
    expect(form().getByRole('alert').textContent).toBe(refused.message);
    fillRequired();
    send();
    await waitFor(() => expect(field(/^Message/).value).toBe(''));
    expect(form().queryByRole('alert')).toBeNull();
  });

  it('drops the server’s thanks once another enquiry has gone from the page', async () => {
    fetchSpy.mockResolvedValue(json(201, { data: { id: 4 } }));
    renderContactForm('en', { sent: true });
    expect(form().getByRole('status').textContent).toContain(THANKS);
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(field(/^Message/).value).toBe(''));
    expect(form().queryByRole('status')).toBeNull();
    expect(form().queryByText(THANKS)).toBeNull();
  });

  it('sends no fill time for the text the visitor posted before: when they began it is unknown', async () => {
    fetchSpy.mockResolvedValue(json(201, { data: { id: 5 } }));
    renderContactForm('en', { posted: refused });
    expect(field(/^Message/).value).toBe('Hello there!');
    send();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const [, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Ana Silva', message: 'Hello there!' });
    expect(body).not.toHaveProperty('form_ms');
  });
});
