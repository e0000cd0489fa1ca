import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../lib/notify';

/**
 * Runs one write on an item: success toast then `reload()` of the lists, or a
 * destructive toast with the server's message (else the fallback). Knows
 * which item is busy so its row can say so.
 */
export function useWrite(reload: () => Promise<void>) {
  const { t } = useTranslation();
  const [pendingId, setPendingId] = useState<number | null>(null);

  async function run(
    id: number,
    action: () => Promise<unknown>,
    successKey: string,
    failureKey: string,
  ) {
    setPendingId(id);
    try {
      await action();
      notifySuccess(t, successKey);
      await reload();
      return true;
    } catch (error) {
      notifyError(t, error, failureKey);
      return false;
    } finally {
      setPendingId(null);
    }
  }

  return { pendingId, run };
}
