import type { Translate } from '#shared/languages';
import { toast } from '../../common/toast';

/**
 * Copies `text` and says so; where the clipboard is refused (an old
 * browser, a denied permission) the toast asks to select and copy by hand.
 */
export async function copyText(text: string, t: Translate): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(t('admin.common.copied'));
  } catch {
    toast.error(t, t('admin.common.copyFailed'));
  }
}
