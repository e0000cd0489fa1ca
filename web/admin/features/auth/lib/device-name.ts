import { DESKTOP_APP_DEVICE } from '#shared/auth';
import type { Translate } from '#shared/languages';

const SEPARATOR = ' · ';

/**
 * A signed-in session's device in the reader's language. The server stores
 * a browser's name, or the desktop app's English one, and a system
 * ("Firefox · Linux", "Desktop app · Windows"), and rows stored before this
 * read keep that text: only the desktop app's name is a word, so it alone
 * is put into the reader's language. Nothing stored: the unknown device.
 */
export function deviceName(device: string, t: Translate): string {
  if (!device) return t('admin.sessions.unknownDevice');
  const [first, ...rest] = device.split(SEPARATOR);
  if (first !== DESKTOP_APP_DEVICE) return device;
  return [t('admin.sessions.desktopApp'), ...rest].join(SEPARATOR);
}
