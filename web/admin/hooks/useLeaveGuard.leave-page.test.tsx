// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leavingIsQuestioned } from '../test/leave';
import { leavePage, useLeaveGuard } from './useLeaveGuard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Form() {
  useLeaveGuard(true);
  return null;
}

describe('leavePage', () => {
  it('loads the address without the browser asking again about the unsaved work', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(<Form />);
    // Any other way out asks (a reload, a closed tab, the desktop menu).
    expect(leavingIsQuestioned()).toBe(true);

    leavePage('/admin');
    expect(assign).toHaveBeenCalledWith('/admin');
    expect(leavingIsQuestioned()).toBe(false);
  });
});
