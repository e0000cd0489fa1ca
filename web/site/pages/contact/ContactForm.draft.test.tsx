// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  field,
  json,
  renderContactForm,
  renderContactFormAgain,
  type,
} from '../../test/contact-form';
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
