// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nFor } from '../../../common/i18n';
import { Toaster } from '../../../common/toast';
import { ContactForm } from './ContactForm';

// The fetch wrapper is fetched on sending. While `apiMissing`, its fetch fails as it does
// for a page opened before an upgrade (the old file name answers 404) or on a flaky connection.
const chunk = vi.hoisted(() => ({ apiMissing: false }));
const gone = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/api-1a2b.js');
vi.mock('../../../common/api', async (importOriginal) => {
  if (chunk.apiMissing) throw gone();
  return importOriginal();
});

let fetchSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  fetchSpy.mockImplementation(
    async () =>
      new Response(JSON.stringify({ data: { id: 7 } }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
});
afterEach(() => {
  chunk.apiMissing = false;
  cleanup();
  vi.restoreAllMocks();
});

function renderForm() {
  return render(
    <I18nextProvider i18n={i18nFor('en')}>
      <Toaster />
      <ContactForm />
    </I18nextProvider>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
function fillValid() {
  for (const [label, value] of [
    [/^Name/, 'Ana Silva'],
    [/^Email/, 'ana@example.pt'],
    [/^Message/, 'We need a robot cell for welding.'],
  ] as const) {
    fireEvent.change(field(label), { target: { value } });
    fireEvent.blur(field(label));
  }
}
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
const unsent =
  'Network error: your message could not be sent. Please try again; if it still fails, copy your text, reload the page and send it again.';

describe('ContactForm when a part of its code cannot be fetched', () => {
  it('a fetch wrapper that did not arrive: says so, keeps the text, and sends on the next try', async () => {
    chunk.apiMissing = true;
    renderForm();
    fillValid();
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(unsent);
    expect(field(/^Message/).value).toBe('We need a robot cell for welding.');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send Message' })).toHaveProperty('disabled', false);

    chunk.apiMissing = false;
    send();
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(field(/^Message/).value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
