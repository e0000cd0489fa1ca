import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { translator } from './i18n';
import { confirmLeaving, leaveQuestion } from './leave-guard';

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
