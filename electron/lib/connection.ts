import type { ConnectResult } from '#shared/desktop';
import { APP_PAGES } from './app-scheme';
import { checkHealth, normalizeServerUrl } from './server-url';
import type { SettingsStore } from './settings-store';

/**
 * Pointing the app at a server: validate, check `/healthz`, store. Also
 * chooses the first page: setup on first start, the offline page when the
 * stored server does not answer, else the dashboard. Never a blank window.
 */

export type ConnectionDeps = { store: SettingsStore; fetch: typeof fetch; timeoutMs?: number };

export function createConnection({ store, fetch, timeoutMs }: ConnectionDeps) {
  return {
    current: (): string | null => store.get().serverUrl,

    async connect(input: string): Promise<ConnectResult> {
      const normalized = normalizeServerUrl(input);
      if (!normalized.ok) return normalized;
      const health = await checkHealth(normalized.url, fetch, timeoutMs);
      if (!health.ok) return health;
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
