// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { field, fillRequired, renderContactForm, send } from '../../test/contact-form';
import { loadValidator } from './useContactForm';

// The toasts' code (sonner) is fetched with the first toast. Here the server has gone away
// since the page loaded: a proxy answers every request, that file's too, with its own 502.
vi.mock('../../../common/sonner-styled', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/sonner-1a2b.js');
});

let fetchSpy: ReturnType<typeof vi.spyOn>;

beforeAll(() => loadValidator());
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  fetchSpy.mockImplementation(
    async () =>
      new Response('<html><body>502 Bad Gateway</body></html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'Content-Type': 'text/html' },
      }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ContactForm when a send fails and no toast can be fetched', () => {
  it('says why in the form itself, and keeps what was typed', async () => {
    renderContactForm();
    fillRequired();
    send();
    const form = field(/^Name/).closest('form')!;
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(
      'The server could not answer just now (HTTP 502). Please try again in a moment.',
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(field(/^Message/).value).toBe('We need a robot cell for welding.');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });
});
