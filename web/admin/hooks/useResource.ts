import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify';

/**
 * Loads one admin resource once `enabled`, and again on `reload()`. A failure
 * shows the 'Failed to load data' toast (with the server's message) and
 * leaves the empty value, as the spec asks. Late answers of superseded loads
 * are dropped.
 */
export function useResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  empty: T,
  enabled = true,
) {
  const { t } = useTranslation();
  const [data, setData] = useState<T>(empty);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const current = useRef<AbortController | null>(null);
  const loader = useRef(load);
  const fallback = useRef(empty);
  loader.current = load;

  const reload = useCallback(async () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    try {
      const value = await loader.current(controller.signal);
      if (controller.signal.aborted) return;
      setData(value);
      setFailed(false);
    } catch (error) {
      if (controller.signal.aborted) return;
      setData(fallback.current);
      setFailed(true);
      notifyError(t, error, 'admin.errors.loadData');
    } finally {
      if (!controller.signal.aborted) setLoaded(true);
    }
  }, [t]);

  useEffect(() => {
    if (!enabled) return;
    void reload();
    return () => current.current?.abort();
  }, [enabled, reload]);

  return { data, loaded, failed, reload };
}
