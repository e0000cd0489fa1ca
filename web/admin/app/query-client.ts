import { QueryCache, QueryClient } from '@tanstack/react-query';
import type { Translate } from '#shared/languages';
import { ApiError } from '../../common/api';
import { toast } from '../../common/toast';

declare module '@tanstack/react-query' {
  interface Register {
    /** `failureKey`: a failed load shows the destructive toast with this fallback text. */
    queryMeta: { failureKey?: string };
  }
}

/**
 * Whether a failed query is worth a second try: never for a 4xx answer (signed
 * out, forbidden, not found: asking again changes nothing) or a cancelled
 * call; once for a network failure or a 5xx.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return failureCount < 1;
}

/**
 * The admin's server-state cache. Lists are fresh for 30 s and refetched when
 * a write invalidates them, not when the window regains focus (the desktop
 * app's window does that all day). A query whose meta names a `failureKey`
 * toasts its failure once per failed load, with the server's message.
 */
export function createQueryClient(t: Translate): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const key = query.meta?.failureKey;
        if (key) toast.failure(t, error, key);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
