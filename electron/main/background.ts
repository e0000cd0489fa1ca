import type { NativeImage } from 'electron';
import { app, BrowserWindow, dialog, nativeImage, Notification, net } from 'electron';
import electronUpdater from 'electron-updater';
import { badgeAction, OVERLAY_SIZE, overlayDotBitmap } from '../lib/badge';
import { createEnquiryPoller, readStats } from '../lib/enquiry-poller';
import { closeWindows } from '../lib/leave-guard';
import { createNotifier } from '../lib/notifications';
import { planUpdates, UPDATE_CHECK_INTERVAL_MS } from '../lib/update-feed';
import { watchUpdates } from '../lib/update-notices';

/** Background work of the shell: the enquiry badge and notifications, and auto-update. */

type T = (key: string, params?: Record<string, unknown>) => string;

export function startEnquiryWatch(opts: {
  serverUrl: () => string | null;
  t: T;
  /** A notification's click: the window, on the enquiries list. */
  openEnquiries: () => void;
  window: () => BrowserWindow | null;
}) {
  const appFetch: typeof fetch = (input, init) => net.fetch(input as string, init);
  return createEnquiryPoller({
    read: async (seen) => {
      const url = opts.serverUrl();
      return url ? readStats(url, appFetch, seen) : { status: 'signed-out' };
    },
    onBadge: (waiting) => {
      const describe = (count: number) => opts.t('desktop.notifications.waitingBadge', { count });
      showBadge(badgeAction(process.platform, waiting, describe), opts.window());
    },
    onNewEnquiries: (added, waiting) => {
      const body = opts.t('desktop.notifications.newEnquiryBody', { count: added, waiting });
      showNotification(opts.t('desktop.notifications.newEnquiryTitle'), body, opts.openEnquiries);
    },
    onMoreUnread: (rise) => {
      const body = opts.t('desktop.notifications.moreUnreadBody', { count: rise });
      showNotification(opts.t('desktop.notifications.newEnquiryTitle'), body, opts.openEnquiries);
    },
  });
}

let overlayDot: NativeImage | null = null;

function showBadge(action: ReturnType<typeof badgeAction>, win: BrowserWindow | null): void {
  if (action.kind === 'count') {
    app.setBadgeCount(action.count);
    return;
  }
  if (!win || win.isDestroyed()) return;
  if (action.kind === 'clear-overlay') return win.setOverlayIcon(null, '');
  overlayDot ??= nativeImage.createFromBitmap(overlayDotBitmap(), {
    width: OVERLAY_SIZE,
    height: OVERLAY_SIZE,
  });
  win.setOverlayIcon(overlayDot, action.description);
}

/** Returns the on-demand check for the menu, or `undefined` when updates are off (development, bad feed). */
export function startUpdates(opts: {
  envFeed?: string;
  settingsFeed: string | null;
  t: T;
  window: () => BrowserWindow | null;
}): (() => void) | undefined {
  const plan = planUpdates({
    isPackaged: app.isPackaged,
    envFeed: opts.envFeed,
    settingsFeed: opts.settingsFeed,
  });
  if (!plan.enabled) return undefined;
  const { autoUpdater } = electronUpdater;
  if (plan.feed) autoUpdater.setFeedURL(plan.feed);
  autoUpdater.autoDownload = true;
  // Also installs an update whose "Restart now" ended on a page the user stayed on.
  autoUpdater.autoInstallOnAppQuit = true;

  const updates = watchUpdates(autoUpdater, {
    t: opts.t,
    appVersion: () => app.getVersion(),
    notify: (title, body) => showNotification(title, body),
    ask: async (question) => {
      const win = opts.window();
      const { response } =
        win && !win.isDestroyed()
          ? await dialog.showMessageBox(win, question)
          : await dialog.showMessageBox(question);
      return response;
    },
    warn: (message) => console.warn(message),
    closeWindows: (then) => closeWindows(BrowserWindow.getAllWindows(), then),
  });
  updates.check();
  setInterval(updates.check, UPDATE_CHECK_INTERVAL_MS).unref();
  return updates.checkNow;
}

// Holds each shown notification until it is clicked or closed, so its click handler stays alive.
const notifier = createNotifier((options) => new Notification(options));

export function showNotification(title: string, body?: string, onClick?: () => void): void {
  if (Notification.isSupported()) notifier.show(title, body, onClick);
}

export function focusWindow(win: BrowserWindow | null): void {
  if (!win) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
