import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { FakeWindow } from '../../tests/support/desktop-window';
import { translator } from './i18n';
import { closeWindows, confirmLeaving, leaveQuestion } from './leave-guard';

/** Fires `will-prevent-unload` as Electron does; returns whether the page may go. */
function unload(contents: EventEmitter): boolean {
  let leave = false;
  contents.emit('will-prevent-unload', { preventDefault: () => (leave = true) });
  return leave;
}

describe('leaving a page with unsaved changes', () => {
  it('lets the page go when the user chooses "Leave"', () => {
    const contents = new EventEmitter();
    const ask = vi.fn(() => 0);
    confirmLeaving(contents, translator('en'), ask);
    expect(unload(contents)).toBe(true);
    expect(ask).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Unsaved changes',
        buttons: ['Leave', 'Stay'],
        defaultId: 1,
        cancelId: 1,
      }),
    );
  });

  it('keeps the page and its changes on "Stay" or Escape', () => {
    const contents = new EventEmitter();
    confirmLeaving(contents, translator('en'), () => 1);
    expect(unload(contents)).toBe(false);
  });

  it('asks in the app language', () => {
    expect(leaveQuestion(translator('pt')).buttons).toEqual(['Sair', 'Ficar']);
    expect(leaveQuestion(translator('de')).buttons).toEqual(['Verlassen', 'Bleiben']);
    const de = leaveQuestion(translator('de'));
    expect(de.detail).toContain('Ihre Änderungen');
  });
});

describe('closing the windows before something that ends the app', () => {
  const guarded = (win: FakeWindow, answers: number[]) => {
    confirmLeaving(win.webContents, translator('en'), () => answers.shift()!);
    return win;
  };

  it('runs `then` once a window without unsaved changes has closed', () => {
    const win = guarded(new FakeWindow(), []);
    const then = vi.fn();
    closeWindows([win], then);
    expect(win.isDestroyed()).toBe(true);
    expect(then).toHaveBeenCalledOnce();
  });

  it('asks about unsaved changes; "Leave" closes the window, then runs `then`', () => {
    const win = guarded(new FakeWindow(true), [0]);
    const then = vi.fn();
    closeWindows([win], then);
    expect(win.isDestroyed()).toBe(true);
    expect(then).toHaveBeenCalledOnce();
  });

  it('keeps the window and never runs `then` when the user stays, not even on a later close', () => {
    const win = guarded(new FakeWindow(true), [1, 0]);
    const then = vi.fn();
    closeWindows([win], then);
    expect(win.isDestroyed()).toBe(false);
    expect(then).not.toHaveBeenCalled();
    // The user closes the window later, choosing to leave: that close is theirs alone.
    win.close();
    expect(win.isDestroyed()).toBe(true);
    expect(then).not.toHaveBeenCalled();
  });

  it('closes several windows in turn and stops at the first one the user stays on', () => {
    const first = guarded(new FakeWindow(), []);
    const second = guarded(new FakeWindow(true), [1]);
    const third = guarded(new FakeWindow(), []);
    const then = vi.fn();
    closeWindows([first, second, third], then);
    expect([first, second, third].map((win) => win.isDestroyed())).toEqual([true, false, false]);
    expect(then).not.toHaveBeenCalled();
  });

  it('runs `then` at once when no window is open', () => {
    const then = vi.fn();
    closeWindows([], then);
    expect(then).toHaveBeenCalledOnce();
  });
});
