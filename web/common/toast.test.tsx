// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { i18nFor } from './i18n';
import { toast, Toaster } from './toast';

afterEach(() => {
  act(() => toast.dismissAll());
  cleanup();
});

describe('error toasts', () => {
  it('show the reference of a server fault under its message', async () => {
    const { t } = i18nFor('en');
    render(<Toaster />);
    const fault = new ApiError(
      'Something went wrong',
      500,
      undefined,
      undefined,
      undefined,
      'c0ffee12',
    );
    await act(async () => toast.failure(t, fault, 'admin.errors.loadData'));
    // Sonner itself loads with the first toast.
    const reference = await screen.findByText('Reference: c0ffee12', {}, { timeout: 5000 });
    expect(reference.parentElement?.textContent).toBe('Something went wrongReference: c0ffee12');
  });

  it('say nothing of a reference when there is none', async () => {
    const { t } = i18nFor('de');
    render(<Toaster />);
    await act(async () => toast.failure(t, new ApiError('Ungültige Anfrage', 400), 'x'));
    expect(await screen.findByText('Ungültige Anfrage')).toBeTruthy();
    expect(screen.queryByText(/Referenz/)).toBeNull();
    expect(t('errors.reference', { id: 'x' })).not.toBe('errors.reference');
  });
});
