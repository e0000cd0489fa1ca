import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '../../common/toast';

/**
 * Hooks for a test file that renders admin screens: toasts are watched but
 * not shown, and after each test the screen, stubbed globals and spies are
 * taken down.
 */
export function quietToasts(): void {
  beforeEach(() => {
    vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
