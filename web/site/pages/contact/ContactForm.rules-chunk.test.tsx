// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  field,
  fillRequired,
  json,
  renderContactForm,
  send,
  UNSENT,
} from '../../test/contact-form';

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
  fetchSpy.mockImplementation(async () => json(201, { data: { id: 7 } }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// Its own file: the rules are fetched once the visitor turns to the form, here in this test.
describe('ContactForm when its rules cannot be fetched', () => {
  it('rules that did not arrive: says so, keeps the text, and one enquiry goes on the next try', async () => {
    chunk.rulesMissing = true;
    renderContactForm();
    fillRequired();
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(UNSENT);
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
