import type { ConnectResult } from '#shared/desktop';
import { APP_PAGES } from './app-scheme';
import { checkHealth, normalizeServerUrl } from './server-url';
import type { SettingsStore } from './settings-store';

/**
 * Pointing the app at a server: validate, check `/healthz`, store. Also
 * chooses the first page: setup on first start, the offline page when the
 * stored server does not answer, else the dashboard. Never a blank window.
 */

/** The part of Electron's `session.cookies` (the app session's jar) used here. */
export type SessionCookies = {
  get(filter: { url: string }): Promise<{ name: string }[]>;
  remove(url: string, name: string): Promise<void>;
};

export type ConnectionDeps = {
  store: SettingsStore;
  fetch: typeof fetch;
  /** The jar `fetch` keeps the session cookie in. */
  cookies: SessionCookies;
  timeoutMs?: number;
  /**
   * Asks the user, outside any page (a native dialog), whether the app may
   * leave the server `from` for `to`; resolves true to go ahead.
   */
  confirmChange: (from: string, to: string) => Promise<boolean>;
};

/**
 * Signs the app out of `serverUrl` on this computer: removes the cookies the
 * session would send it, so coming back to it later asks for the password.
 */
async function forgetSession(cookies: SessionCookies, serverUrl: string): Promise<void> {
  const found = await cookies.get({ url: serverUrl });
  await Promise.all(found.map(({ name }) => cookies.remove(serverUrl, name)));
}

export function createConnection({
  store,
  fetch,
  cookies,
  timeoutMs,
  confirmChange,
}: ConnectionDeps) {
  return {
    current: (): string | null => store.get().serverUrl,

    /**
     * Points the app at `input` once it answers as one of our servers. A
     * change from another stored server happens only once the user has
     * confirmed it, and signs the app out of the server it leaves (the
     * sign-in moves with it); refused, nothing changes.
     */
    async connect(input: string): Promise<ConnectResult> {
      const normalized = normalizeServerUrl(input);
      if (!normalized.ok) return normalized;
      const health = await checkHealth(normalized.url, fetch, timeoutMs);
      if (!health.ok) return health;
      const current = store.get().serverUrl;
      if (current && current !== normalized.url) {
        if (!(await confirmChange(current, normalized.url))) {
          return { ok: false, error: 'desktop.setup.notChanged' };
        }
        await forgetSession(cookies, current);
      }
      store.update({ serverUrl: normalized.url });
      return { ok: true, url: normalized.url };
    },

    async retry(): Promise<ConnectResult> {
      const url = store.get().serverUrl;
      if (!url) return { ok: false, error: 'desktop.setup.errors.required' };
      return checkHealth(url, fetch, timeoutMs);
    },

    async startPage(): Promise<string> {
      const url = store.get().serverUrl;
      if (!url) return APP_PAGES.setup;
      const health = await checkHealth(url, fetch, timeoutMs);
      return health.ok ? APP_PAGES.admin : APP_PAGES.offline;
    },
  };
}

export type Connection = ReturnType<typeof createConnection>;

/**
 * The setup page's Connect and Try again. On success the main process opens
 * the dashboard (`open`); the page itself never navigates, so the window
 * loads the dashboard once.
 */
export function createSetupActions(
  connection: Connection,
  opts: { open: (url: string) => void; onConnected?: () => void },
) {
  const settle = (result: ConnectResult) => {
    if (result.ok) {
      opts.open(APP_PAGES.admin);
      opts.onConnected?.();
    }
    return result;
  };
  return {
    connect: async (url: string) => settle(await connection.connect(url)),
    retry: async () => settle(await connection.retry()),
  };
}

/**
 * The question asked before the app leaves the server `from` for `to`
 * (Electron's showMessageBox options): switching is the first button,
 * cancelling the default, so Enter or Escape keeps the current server.
 */
export function serverChangeDialog(
  t: (key: string, params?: Record<string, string>) => string,
  from: string,
  to: string,
) {
  const host = (url: string) => new URL(url).host;
  return {
    type: 'question' as const,
    buttons: [t('desktop.setup.confirm.switch'), t('desktop.setup.confirm.cancel')],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
    title: t('desktop.setup.confirm.title'),
    message: t('desktop.setup.confirm.message', { to: host(to) }),
    detail: t('desktop.setup.confirm.detail', { from: host(from), to: host(to) }),
  };
}
