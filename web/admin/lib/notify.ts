import type { TFunction } from 'i18next';
import { errorMessage } from '../../common/api';
import { toast } from '../../common/toast';

/** A destructive toast titled 'Error' with the server's message, else the given fallback. */
export function notifyError(t: TFunction, error: unknown, fallbackKey: string): void {
  toast.error(t('errors.title'), errorMessage(error, t, fallbackKey));
}

/** A destructive toast titled 'Error' with a client-side message (a translation key). */
export function notifyProblem(t: TFunction, key: string): void {
  toast.error(t('errors.title'), t(key));
}

export function notifySuccess(t: TFunction, key: string): void {
  toast.success(t(key));
}

/** A destructive toast titled 'Error' with a text that is already translated. */
export function notifyText(t: TFunction, text: string): void {
  toast.error(t('errors.title'), text);
}
