import { statSync } from 'node:fs';
import type { SsrRender } from '#shared/ssr';
import { requireWithCodeCache } from '../boot/code-cache';
import { DIST_SSR_ENTRY } from './paths';

let loaded: { mtimeMs: number; render: SsrRender } | undefined;

/**
 * The render function of the built render bundle (one CommonJS file, see
 * vite.config.ts), compiled with V8's code cache and loaded at run time so
 * the server never imports web code at compile time. A rebuilt bundle (the
 * watchers of `npm run dev`) is picked up on the next request.
 */
export async function loadRenderer(): Promise<SsrRender> {
  const { mtimeMs } = statSync(DIST_SSR_ENTRY);
  if (loaded?.mtimeMs !== mtimeMs) {
    const mod = requireWithCodeCache(DIST_SSR_ENTRY).exports as { render?: SsrRender };
    if (typeof mod.render !== 'function')
      throw new Error(`${DIST_SSR_ENTRY} does not export render()`);
    loaded = { mtimeMs, render: mod.render };
  }
  return loaded.render;
}
