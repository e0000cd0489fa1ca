// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nFor } from './i18n';
import { toast, Toaster } from './toast';

// Sonner is fetched with the first toast: here that fetch fails, as on a flaky
// connection or with the server gone (a proxy's 502 for the file).
vi.mock('./sonner-styled', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/sonner-1a2b.js');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts when sonner cannot be fetched', () => {
  it('still say an error or a success, plainly, for its time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { t } = i18nFor('en');
    render(<Toaster />);
    toast.error(t, 'Your message could not be sent.', 'c0ffee12');
    toast.success('Success', 'Thank you.');
    const alert = await vi.waitFor(() => screen.getByRole('alert'));
    expect(alert.textContent).toBe('ErrorYour message could not be sent.Reference: c0ffee12');
    expect((await vi.waitFor(() => screen.getByRole('status'))).textContent).toBe(
      'SuccessThank you.',
    );
    // The success for sonner's 4.5 s, the error with its reference for 10 s.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBe(alert);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
