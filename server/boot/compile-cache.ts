import module from 'node:module';
import path from 'node:path';

/**
 * Turns on Node's own compile cache (`module.enableCompileCache`) for every
 * module loaded from here on: the server bundle and, later, the render
 * bundle. V8 compiles each of them once; the bytecode is kept on disk and the
 * next start reads it instead (decision 025).
 *
 * Where: `NODE_COMPILE_CACHE` when the operator set it (the systemd unit
 * points it at its `CacheDirectory`, a folder the service may write), else
 * `dist/compile-cache` beside the build, which `npm run build` fills by
 * serving a few pages (scripts/warm-compile-cache.mjs), so even the first
 * start of a deployment compiles next to nothing. A folder it cannot write
 * only costs the cache: Node reports it and goes on.
 */
export function enableCompileCache(distDir: string): module.EnableCompileCacheResult {
  // Node enabled it already at start when NODE_COMPILE_CACHE is set; this then changes nothing.
  return module.enableCompileCache(path.join(distDir, 'compile-cache'));
}
