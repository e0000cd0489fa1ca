import { normalizeServerUrl } from './server-url';

/**
 * Where updates come from. Development builds never update. A feed URL from
 * the environment (`UPDATE_FEED_URL`) wins over the one in the settings file;
 * with neither, the publish config baked into the installer applies
 * (`app-update.yml`, GitHub releases). Feeds must be https (localhost aside).
 */

export type UpdatePlan =
  | { enabled: false; reason: 'development' | 'invalid-feed' }
  | { enabled: true; feed: { provider: 'generic'; url: string } | null };

export function planUpdates(input: {
  isPackaged: boolean;
  envFeed?: string | null;
  settingsFeed?: string | null;
}): UpdatePlan {
  if (!input.isPackaged) return { enabled: false, reason: 'development' };
  const raw = input.envFeed?.trim() || input.settingsFeed?.trim() || '';
  if (!raw) return { enabled: true, feed: null };
  const checked = normalizeServerUrl(raw);
  if (!checked.ok || !/^[a-z]+:\/\//i.test(raw)) return { enabled: false, reason: 'invalid-feed' };
  return { enabled: true, feed: { provider: 'generic', url: checked.url } };
}

/** Six hours between background checks; a menu item checks on demand. */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;
