import { pathToFileURL } from 'node:url';
import { statSync } from 'node:fs';
import type { SsrRender } from '#shared/ssr';
import { DIST_SSR_ENTRY } from './paths';

let loaded: { mtimeMs: number; render: SsrRender } | undefined;

/**
 * The render function of the built server bundle, loaded with a dynamic import
 * so the server never imports web code at compile time. A rebuilt bundle is
 * picked up on the next request.
 */
export async function loadRenderer(): Promise<SsrRender> {
  const { mtimeMs } = statSync(DIST_SSR_ENTRY);
  if (loaded?.mtimeMs !== mtimeMs) {
    const url = `${pathToFileURL(DIST_SSR_ENTRY).href}?v=${mtimeMs}`;
    const mod = (await import(url)) as { render?: SsrRender };
    if (typeof mod.render !== 'function')
      throw new Error(`${DIST_SSR_ENTRY} does not export render()`);
    loaded = { mtimeMs, render: mod.render };
  }
  return loaded.render;
}
