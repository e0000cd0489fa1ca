import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { APP_PAGES } from './app-scheme';
import {
  restrictPermissions,
  ERR_ABORTED,
  failedLoadAction,
  guardContents,
  loadPage,
} from './contents-guards';

/** A web contents that fires events the way Electron does, and remembers the window-open handler. */
class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  setWindowOpenHandler(handler: NonNullable<FakeContents['openHandler']>) {
    this.openHandler = handler;
  }
  /** Fires a preventable event; returns whether a listener prevented it. */
  fire(event: string, ...args: unknown[]): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  }
}

function guarded(serverUrl: string | null = 'https://www.example.com') {
  const contents = new FakeContents();
  const deps = { serverUrl: () => serverUrl, openExternal: vi.fn(), showOffline: vi.fn() };
  guardContents(contents, deps);
  return { contents, ...deps };
}

describe('web contents guards', () => {
  it('lets app pages load and stops everything else, sending links to the system browser', () => {
    const { contents, openExternal } = guarded();
    for (const event of ['will-navigate', 'will-redirect']) {
      expect(contents.fire(event, 'app://admin/admin/news/3')).toBe(false);
      expect(contents.fire(event, 'https://evil.example/phish')).toBe(true);
      expect(contents.fire(event, 'file:///etc/passwd')).toBe(true);
    }
    expect(openExternal.mock.calls).toEqual([
      ['https://evil.example/phish'],
      ['https://evil.example/phish'],
    ]);
    // A website path on the app scheme opens on the configured server instead.
    expect(contents.fire('will-navigate', 'app://admin/news/robots')).toBe(true);
    expect(openExternal).toHaveBeenLastCalledWith('https://www.example.com/news/robots');
  });

  it('refuses every <webview>', () => {
    const { contents } = guarded();
    expect(contents.fire('will-attach-webview', {}, { src: 'app://admin/admin' })).toBe(true);
  });

  it('denies new windows, even for app pages; http(s) links open externally', () => {
    const { contents, openExternal } = guarded();
    expect(contents.openHandler?.({ url: 'app://admin/admin' })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
    expect(contents.openHandler?.({ url: 'https://docs.example.com/' })).toEqual({
      action: 'deny',
    });
    expect(openExternal).toHaveBeenCalledWith('https://docs.example.com/');
  });

  it('reads the server at event time, so a server change applies without new handlers', () => {
    let server: string | null = null;
    const contents = new FakeContents();
    const openExternal = vi.fn();
    guardContents(contents, { serverUrl: () => server, openExternal, showOffline: vi.fn() });
    contents.fire('will-navigate', 'app://admin/contact');
    expect(openExternal).not.toHaveBeenCalled();
    server = 'https://new.example.com';
    contents.fire('will-navigate', 'app://admin/contact');
    expect(openExternal).toHaveBeenCalledWith('https://new.example.com/contact');
  });

  it('shows the offline page when a page of ours fails to load, never a blank window', () => {
    const { contents, showOffline } = guarded();
    const fail = (code: number, url: string, isMainFrame = true) =>
      contents.emit('did-fail-load', {}, code, 'error', url, isMainFrame);
    fail(-102, APP_PAGES.admin); // ERR_CONNECTION_REFUSED
    expect(showOffline).toHaveBeenCalledOnce();
    fail(ERR_ABORTED, APP_PAGES.admin); // replaced by another navigation
    fail(-2, 'app://admin/assets/x.js', false); // a sub-frame
    fail(-6, APP_PAGES.offline); // the offline page itself: no loop
    expect(showOffline).toHaveBeenCalledOnce();
  });

  it('decides on failed loads', () => {
    expect(failedLoadAction(-105, APP_PAGES.login, true)).toBe('offline');
    expect(failedLoadAction(ERR_ABORTED, APP_PAGES.login, true)).toBe('ignore');
    expect(failedLoadAction(-105, APP_PAGES.login, false)).toBe('ignore');
    expect(failedLoadAction(-105, APP_PAGES.setup, true)).toBe('ignore');
    expect(failedLoadAction(-105, 'app://admin/setupx', true)).toBe('offline');
  });
});

describe('session permissions', () => {
  type Handlers = {
    request?: (
      wc: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl?: string },
    ) => void;
    check?: (wc: unknown, permission: string, requestingOrigin: string) => boolean;
    device?: (details: unknown) => boolean;
  };
  function installed(): Required<Handlers> {
    const handlers: Handlers = {};
    restrictPermissions({
      setPermissionRequestHandler: (h) => (handlers.request = h),
      setPermissionCheckHandler: (h) => (handlers.check = h),
      setDevicePermissionHandler: (h) => (handlers.device = h),
    });
    return handlers as Required<Handlers>;
  }
  const requested = (handlers: Required<Handlers>, permission: string, url: string) => {
    const callback = vi.fn();
    handlers.request({}, permission, callback, { requestingUrl: url });
    return callback.mock.calls;
  };

  it('denies every other permission request, check and device access, even to the app', () => {
    const handlers = installed();
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'hid']) {
      expect(requested(handlers, permission, APP_PAGES.admin)).toEqual([[false]]);
      expect(handlers.check({}, permission, 'app://admin')).toBe(false);
    }
    expect(handlers.device({ deviceType: 'usb', origin: 'app://admin' })).toBe(false);
  });

  it('lets the app’s own pages write to the clipboard (every Copy button), and nothing else', () => {
    const handlers = installed();
    const write = 'clipboard-sanitized-write';
    expect(requested(handlers, write, 'app://admin/admin/account/security')).toEqual([[true]]);
    // Electron gives the checking origin with or without the trailing slash.
    for (const origin of ['app://admin', 'app://admin/'])
      expect(handlers.check({}, write, origin)).toBe(true);
    for (const other of [
      'https://www.example.com',
      'https://www.example.com/admin',
      'app://other',
      'file:///etc/passwd',
      'null',
      '',
    ]) {
      expect(requested(handlers, write, other)).toEqual([[false]]);
      expect(handlers.check({}, write, other)).toBe(false);
    }
  });
});

describe('loadPage', () => {
  it('resolves when a load is replaced by another navigation (ERR_ABORTED), silently', async () => {
    const warn = vi.fn();
    const aborted = Object.assign(new Error("ERR_ABORTED (-3) loading 'app://admin/admin'"), {
      code: 'ERR_ABORTED',
      errno: -3,
    });
    await expect(
      loadPage({ loadURL: () => Promise.reject(aborted) }, APP_PAGES.admin, warn),
    ).resolves.toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('resolves and logs other failures (did-fail-load shows the offline page)', async () => {
    const warn = vi.fn();
    const refused = Object.assign(new Error('ERR_CONNECTION_REFUSED (-102)'), { errno: -102 });
    await loadPage({ loadURL: () => Promise.reject(refused) }, APP_PAGES.admin, warn);
    expect(warn).toHaveBeenCalledWith(
      'Could not load app://admin/admin: ERR_CONNECTION_REFUSED (-102)',
    );
  });

  it('loads the page it is given', async () => {
    const loadURL = vi.fn(async () => undefined);
    await loadPage({ loadURL }, APP_PAGES.setup);
    expect(loadURL).toHaveBeenCalledWith(APP_PAGES.setup);
  });
});
