import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SsrBundle } from '#shared/ssr';
import { DIST_SSR_ENTRY } from './paths';

const requireBundle = createRequire(DIST_SSR_ENTRY);
let loaded: { mtimeMs: number; bundle: SsrBundle } | undefined;

/**
 * The render function and route declarations of the built render bundle (one CommonJS file, see
 * vite.config.ts), loaded at run time so the server never imports web code at
 * compile time; Node's compile cache keeps its bytecode (server/boot/compile-cache.ts).
 * A rebuilt bundle (the watchers of `npm run dev`) is picked up on the next request.
 */
export async function loadRenderer(): Promise<SsrBundle> {
  const { mtimeMs } = statSync(DIST_SSR_ENTRY);
  if (loaded?.mtimeMs !== mtimeMs) {
    delete requireBundle.cache[DIST_SSR_ENTRY];
    const mod = requireBundle(DIST_SSR_ENTRY) as Partial<SsrBundle>;
    if (typeof mod.render !== 'function' || typeof mod.pageQuery !== 'function')
      throw new Error(`${DIST_SSR_ENTRY} does not export render() and pageQuery()`);
    loaded = { mtimeMs, bundle: { render: mod.render, pageQuery: mod.pageQuery } };
  }
  return loaded.bundle;
}
