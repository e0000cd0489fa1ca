import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../common/toast';
import type { LoadError } from './load-error';

/**
 * One error toast per failed load: shown when the loader hands the page a new
 * error, not again when the text changes with the language.
 */
export function useLoadErrorToast(error: LoadError | undefined | null, text: string): void {
  const { t } = useTranslation();
  const shown = useRef<LoadError | undefined | null>(undefined);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    toast.error(t, text);
  }, [error, text, t]);
}
