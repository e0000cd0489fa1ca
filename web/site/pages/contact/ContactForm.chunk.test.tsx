// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  field,
  fillRequired,
  json,
  renderContactForm,
  send,
  UNSENT,
} from '../../test/contact-form';

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
  fetchSpy.mockImplementation(async () => json(201, { data: { id: 7 } }));
});
afterEach(() => {
  chunk.apiMissing = false;
  cleanup();
  vi.restoreAllMocks();
});

describe('ContactForm when a part of its code cannot be fetched', () => {
  it('a fetch wrapper that did not arrive: says so, keeps the text, and sends on the next try', async () => {
    chunk.apiMissing = true;
    renderContactForm();
    fillRequired();
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(UNSENT);
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
