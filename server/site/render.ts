import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SsrRender } from '#shared/ssr';
import { DIST_SSR_ENTRY } from './paths';

const requireBundle = createRequire(DIST_SSR_ENTRY);
let loaded: { mtimeMs: number; render: SsrRender } | undefined;

/**
 * The render function of the built render bundle (one CommonJS file, see
 * vite.config.ts), loaded at run time so the server never imports web code at
 * compile time; Node's compile cache keeps its bytecode (server/boot/compile-cache.ts).
 * A rebuilt bundle (the watchers of `npm run dev`) is picked up on the next request.
 */
export async function loadRenderer(): Promise<SsrRender> {
  const { mtimeMs } = statSync(DIST_SSR_ENTRY);
  if (loaded?.mtimeMs !== mtimeMs) {
    delete requireBundle.cache[DIST_SSR_ENTRY];
    const mod = requireBundle(DIST_SSR_ENTRY) as { render?: SsrRender };
    if (typeof mod.render !== 'function')
      throw new Error(`${DIST_SSR_ENTRY} does not export render()`);
    loaded = { mtimeMs, render: mod.render };
  }
  return loaded.render;
}
