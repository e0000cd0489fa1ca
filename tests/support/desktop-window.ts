import { EventEmitter } from 'node:events';

/**
 * A BrowserWindow as far as closing goes. `close()` does what Electron does:
 * a page with unsaved changes (its `beforeunload` asks to stay) fires
 * `will-prevent-unload` on the contents, and the window closes only if a
 * listener let the page go (`preventDefault`); a page without them closes.
 * `closed` is followed at once by `afterClosed`: in the app, Electron quits
 * there when the last window has gone (no `window-all-closed` listener).
 */
export class FakeWindow extends EventEmitter {
  webContents = new EventEmitter();
  destroyed = false;

  constructor(
    public unsaved = false,
    private afterClosed: () => void = () => {},
  ) {
    super();
  }

  isDestroyed() {
    return this.destroyed;
  }

  close() {
    if (this.destroyed) return;
    if (this.unsaved) {
      let leave = false;
      this.webContents.emit('will-prevent-unload', {
        preventDefault: () => (leave = true),
        get defaultPrevented() {
          return leave;
        },
      });
      if (!leave) return;
    }
    this.destroyed = true;
    this.emit('closed');
    this.afterClosed();
  }
}
