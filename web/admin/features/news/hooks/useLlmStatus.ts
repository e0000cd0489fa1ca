import { useEffect, useState } from 'react';
import type { LlmStatus } from '#shared/llm';
import { getLlmStatus } from '../api/get-llm-status';

const unavailable: LlmStatus = { configured: false, provider: null, model: null };

/** Asked once when the news manager opens (spec); null while the answer is pending. */
export function useLlmStatus(): LlmStatus | null {
  const [status, setStatus] = useState<LlmStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getLlmStatus(controller.signal)
      .then(setStatus)
      .catch(() => {
        if (!controller.signal.aborted) setStatus(unavailable);
      });
    return () => controller.abort();
  }, []);
  return status;
}
