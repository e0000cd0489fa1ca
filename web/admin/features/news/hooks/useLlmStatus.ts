import { useEffect, useState } from 'react';
import type { LlmStatus } from '#shared/llm';
import { getLlmStatus } from '../api/get-llm-status';

/** What the dashboard knows about AI drafting: still asking, the answer, or that asking failed. */
export type LlmAvailability = LlmStatus | 'checking' | 'unknown';

/**
 * Asked once when the news manager opens (spec). A failed call is not read as
 * "not configured": the dashboard only knows it could not find out.
 */
export function useLlmStatus(): LlmAvailability {
  const [status, setStatus] = useState<LlmAvailability>('checking');
  useEffect(() => {
    const controller = new AbortController();
    getLlmStatus(controller.signal)
      .then(setStatus)
      .catch(() => {
        if (!controller.signal.aborted) setStatus('unknown');
      });
    return () => controller.abort();
  }, []);
  return status;
}
