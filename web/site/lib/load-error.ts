import type { Translate } from '#shared/languages';
import { ApiError } from '../../common/api';

/** A failure a loader hands to its page as plain data (it survives hydration as JSON). */
export type LoadError = {
  key?: string;
  params?: Record<string, string | number>;
  message?: string;
};

/** What the visitor should read for a failed load; `fallbackKey` when nothing better is known. */
export function toLoadError(error: unknown, fallbackKey: string): LoadError {
  if (error instanceof ApiError) {
    return error.key ? { key: error.key, params: error.params } : { message: error.message };
  }
  return { key: fallbackKey };
}

export function loadErrorText(error: LoadError, t: Translate): string {
  if (error.key) return t(error.key, error.params);
  return error.message ?? '';
}
