/**
 * Misses of one kept answer are coalesced, as nginx's `proxy_cache_lock`
 * does: while one request renders an answer (capture.ts leads it), others
 * asking for it wait for it (admission.ts) instead of rendering it again.
 */
export type RenderLock = {
  /** Makes this request the one others asking for `key` wait for; returns how to let them go. */
  lead(key: string): (after?: Promise<void>) => void;
  /** The render of `key` under way: settled once kept (or found not worth keeping). */
  pending(key: string): Promise<void> | undefined;
};

export function createRenderLock(): RenderLock {
  /** Answers being rendered now, by key. */
  const rendering = new Map<string, Promise<void>>();

  function lead(key: string): (after?: Promise<void>) => void {
    if (rendering.has(key)) return () => undefined;
    let release!: () => void;
    rendering.set(key, new Promise<void>((resolve) => (release = resolve)));
    let done = false;
    return (after) => {
      if (done) return;
      done = true;
      void (after ?? Promise.resolve()).finally(() => {
        rendering.delete(key);
        release();
      });
    };
  }

  return { lead, pending: (key) => rendering.get(key) };
}
