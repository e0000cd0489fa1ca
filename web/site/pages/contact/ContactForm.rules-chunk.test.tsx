// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nFor } from '../../../common/i18n';
import { Toaster } from '../../../common/toast';
import { ContactForm } from './ContactForm';

// The form's rules are fetched when the visitor turns to the form. While `rulesMissing`, that
// fetch fails as it does for a page opened before an upgrade (the old file name answers
// 404) or on a flaky connection; until `arrive()`, the rules are still on their way.
const chunk = vi.hoisted(() => ({
  rulesMissing: false,
  rulesHere: Promise.resolve(),
}));
const gone = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/chunk-1a2b.js');
vi.mock('./validate-contact', async (importOriginal) => {
  await chunk.rulesHere;
  if (chunk.rulesMissing) throw gone();
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

// Its own file: the rules are fetched once the visitor turns to the form, here in this test.
describe('ContactForm when its rules cannot be fetched', () => {
  it('rules that did not arrive: says so, keeps the text, and one enquiry goes on the next try', async () => {
    chunk.rulesMissing = true;
    renderForm();
    fillValid();
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(unsent);
    expect(field(/^Message/).value).toBe('We need a robot cell for welding.');
    expect(fetchSpy).not.toHaveBeenCalled();

    // Now they come, slowly: two quick presses of Enter meanwhile send one enquiry.
    chunk.rulesMissing = false;
    let arrive = () => {};
    chunk.rulesHere = new Promise<void>((resolve) => (arrive = resolve));
    const form = field(/^Name/).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await act(async () => arrive());
    await waitFor(() => expect(field(/^Message/).value).toBe(''));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
