import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { FakeWindow } from '../../tests/support/desktop-window';
import { translator } from './i18n';
import { closeWindows, confirmLeaving } from './leave-guard';
import { watchUpdates, type Question } from './update-notices';

/** electron-updater's autoUpdater as far as the notices see it: events and two calls. */
class FakeUpdater extends EventEmitter {
  checkForUpdates = vi.fn(() => Promise.resolve(null));
  quitAndInstall = vi.fn();
}

function watched(language: 'en' | 'pt' | 'de' = 'en', answer = 1, windows = [new FakeWindow()]) {
  const updater = new FakeUpdater();
  const notes: [string, string][] = [];
  const questions: Question[] = [];
  const deps = {
    t: translator(language),
    appVersion: () => '0.4.0',
    notify: (title: string, body: string) => void notes.push([title, body]),
    ask: vi.fn(async (question: Question) => {
      questions.push(question);
      return answer;
    }),
    warn: vi.fn(),
    closeWindows: (then: () => void) => closeWindows(windows, then),
  };
  return { updater, notes, questions, deps, ...watchUpdates(updater, deps) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('update notices', () => {
  it('announces a found update, then offers to restart once it is downloaded', async () => {
    const { updater, notes, questions, check } = watched('en', 0);
    check();
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    updater.emit('update-available', { version: '0.5.0' });
    expect(notes).toEqual([
      [
        'Update available',
        'Version 0.5.0 is being downloaded. When it is ready, you can restart the app to install it.',
      ],
    ]);
    updater.emit('update-downloaded', { version: '0.5.0' });
    await settle();
    expect(questions[0]).toMatchObject({
      title: 'Update ready',
      message: 'Version 0.5.0 has been downloaded.',
      buttons: ['Restart now', 'Later'],
      cancelId: 1,
    });
    expect(updater.quitAndInstall).toHaveBeenCalledOnce();
  });

  it('makes "Later" the default: Enter does not close the app', async () => {
    const { updater, questions } = watched('en', 1);
    updater.emit('update-downloaded', { version: '0.5.0' });
    await settle();
    expect(questions[0]).toMatchObject({ defaultId: 1, cancelId: 1 });
  });

  it('on "Restart now" closes the window first, and installs nothing while the user stays on unsaved changes', async () => {
    // The installer ends the app as soon as it starts (Windows): it must not start before the window has gone.
    const win = new FakeWindow(true);
    const leave = [1];
    confirmLeaving(win.webContents, translator('en'), () => leave.shift()!);
    const { updater } = watched('en', 0, [win]);
    updater.emit('update-downloaded', { version: '0.5.0' });
    await settle();
    expect(win.isDestroyed()).toBe(false);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
  });

  it('on "Restart now" installs once the window has closed, before the app quits for want of windows', async () => {
    const installedBeforeQuit: boolean[] = [];
    const win = new FakeWindow(true, () =>
      installedBeforeQuit.push(updater.quitAndInstall.mock.calls.length === 1),
    );
    confirmLeaving(win.webContents, translator('en'), () => 0);
    const { updater } = watched('en', 0, [win]);
    updater.emit('update-downloaded', { version: '0.5.0' });
    await settle();
    expect(win.isDestroyed()).toBe(true);
    expect(updater.quitAndInstall).toHaveBeenCalledOnce();
    // Otherwise electron-updater's quit handler installs silently and the app does not restart.
    expect(installedBeforeQuit).toEqual([true]);
  });

  it('installs nothing now when the user answers "Later"', async () => {
    const { updater, questions } = watched('en', 1);
    updater.emit('update-downloaded', { version: '0.5.0' });
    await settle();
    expect(questions).toHaveLength(1);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
  });

  it('speaks the language it is given, in Portuguese and German', async () => {
    for (const [language, title, restart] of [
      ['pt', 'Atualização disponível', 'Reiniciar agora'],
      ['de', 'Update verfügbar', 'Jetzt neu starten'],
    ] as const) {
      const { updater, notes, questions } = watched(language);
      updater.emit('update-available', { version: '0.5.0' });
      updater.emit('update-downloaded', { version: '0.5.0' });
      await settle();
      expect(notes[0]?.[0]).toBe(title);
      expect(notes[0]?.[1]).toContain('0.5.0');
      expect(questions[0]?.buttons[0]).toBe(restart);
    }
  });

  it('tells "no update" and a failed check only after "Check for updates…"', () => {
    const { updater, notes, deps, check, checkNow } = watched();
    check();
    updater.emit('update-not-available', { version: '0.4.0' });
    updater.emit('error', new Error('net::ERR_INTERNET_DISCONNECTED'));
    expect(notes).toEqual([]);
    expect(deps.warn).toHaveBeenCalledWith('Update failed: net::ERR_INTERNET_DISCONNECTED');

    checkNow();
    updater.emit('update-not-available', { version: '0.4.0' });
    checkNow();
    updater.emit('error', new Error('net::ERR_INTERNET_DISCONNECTED'));
    expect(notes).toEqual([
      ['No update available', 'You are using the latest version (0.4.0).'],
      ['Update check failed', 'The update server could not be reached. Please try again later.'],
    ]);
    // The manual check has had its answer: the next background result is quiet again.
    updater.emit('update-not-available', { version: '0.4.0' });
    expect(notes).toHaveLength(2);
  });

  it('tells that a download failed (a refused signature, say), once per version', () => {
    const { updater, notes, check } = watched();
    for (let i = 0; i < 2; i++) {
      check();
      updater.emit('update-available', { version: '0.5.0' });
      updater.emit('error', new Error('New version 0.5.0 is not signed by the application owner'));
    }
    expect(notes).toEqual([
      [
        'Update available',
        'Version 0.5.0 is being downloaded. When it is ready, you can restart the app to install it.',
      ],
      [
        'Update failed',
        'Version 0.5.0 could not be downloaded or verified. Please try again later.',
      ],
    ]);
  });

  it('asks once per downloaded version in the background, again after a manual check', async () => {
    const { updater, questions, notes, check, checkNow } = watched();
    for (let i = 0; i < 2; i++) {
      check();
      updater.emit('update-available', { version: '0.5.0' });
      updater.emit('update-downloaded', { version: '0.5.0' });
    }
    await settle();
    expect(questions).toHaveLength(1);
    expect(notes).toHaveLength(1);

    checkNow();
    updater.emit('update-available', { version: '0.5.0' });
    updater.emit('update-downloaded', { version: '0.5.0' });
    await settle();
    expect(questions).toHaveLength(2);
    expect(notes).toHaveLength(2);
  });

  it('swallows the rejected check: the error event has told it already', async () => {
    const { updater, deps, checkNow } = watched();
    updater.checkForUpdates.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    checkNow();
    await settle();
    expect(deps.warn).not.toHaveBeenCalled();
  });
});
