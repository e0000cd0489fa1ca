import { createHash } from 'node:crypto';
import { isAscii } from 'node:buffer';
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Script } from 'node:vm';

/** What a code cache was: used as it was, or made anew at exit (none yet, stale, or refused by V8). */
export type CodeCacheState = 'used' | 'none' | 'stale' | 'rejected';

export type CachedModule = { exports: unknown; cache: CodeCacheState; cacheFile: string };

/**
 * The cache file of `file` for a launch of node (its version, its flags):
 * V8 refuses a cache made by another version or with other flags, so each
 * launch (scripts/serve.sh's flags, a bare `node`, a test's) keeps its own
 * instead of overwriting another's at every exit.
 */
export function codeCacheFile(
  file: string,
  flags: readonly string[] = [
    ...process.execArgv,
    // Read here, before the configuration exists: it is part of how node was started.
    process.env.NODE_OPTIONS ?? '',
  ],
): string {
  const launch = [process.version, process.arch, ...flags].join('\0');
  const key = createHash('sha256').update(launch).digest('hex').slice(0, 12);
  return `${file}.${key}.v8cache`;
}

/** The cache's bytes when it was written after `file` was (a rebuilt file makes it stale). */
function readCache(cacheFile: string, sourceMtimeMs: number): Buffer | 'none' | 'stale' {
  let cacheMtimeMs: number;
  try {
    cacheMtimeMs = statSync(cacheFile).mtimeMs;
  } catch {
    return 'none';
  }
  if (cacheMtimeMs < sourceMtimeMs) return 'stale';
  try {
    return readFileSync(cacheFile);
  } catch {
    return 'none';
  }
}

/**
 * The file's text. The bundles are ASCII only (scripts/ascii-only.mjs), which
 * reads five times faster as Latin-1 than as UTF-8 and makes a one-byte string.
 */
function readSource(file: string): string {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** Written once the process exits: by then the code cache holds every function the process ran. */
const pending = new Map<string, Script>();
let exitHookSet = false;

function writeAtExit(cacheFile: string, script: Script): void {
  pending.set(cacheFile, script);
  if (exitHookSet) return;
  exitHookSet = true;
  process.once('exit', writePendingCaches);
}

/** Writes every cache still to be made (atomically: a starting process never reads half of one). */
export function writePendingCaches(): void {
  for (const [cacheFile, script] of pending) {
    pending.delete(cacheFile);
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
    } catch {
      // A read-only install keeps the cache its build made, or runs without one.
    }
  }
}

/**
 * The file compiled (not run) inside Node's own module wrapper, from
 * `cachedData` when V8 accepts it (`script.cachedDataRejected` says).
 */
export function compileWithCache(file: string, cachedData: Buffer | undefined): Script {
  // The wrapper opens on the first line, so line numbers stay the file's.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readSource(file)}\n})`;
  return new Script(wrapped, { filename: file, cachedData });
}

/**
 * Runs a CommonJS file as `require` would, compiled with V8's code cache:
 * the bytecode of every function a previous run of the same file used,
 * kept beside it. Parsing and compiling the server's bundles was about a
 * fifth of a cold start, and Node 20 keeps no cache for them itself (it has
 * none for ES modules, and `module.enableCompileCache` came in Node 22).
 * Without a usable cache the file is compiled as usual and the cache is
 * written when the process exits, so the next start has it.
 *
 * The file must not run `import()`: V8 loses a script's dynamic-import
 * callback when it comes from a cache. The bundles are CommonJS through
 * and through, so their packages are `require`d.
 */
export function requireWithCodeCache(file: string): CachedModule {
  const cacheFile = codeCacheFile(file);
  const found = readCache(cacheFile, statSync(file).mtimeMs);
  const script = compileWithCache(file, typeof found === 'string' ? undefined : found);
  const cache: CodeCacheState =
    typeof found === 'string' ? found : script.cachedDataRejected ? 'rejected' : 'used';
  if (cache !== 'used') writeAtExit(cacheFile, script);
  const module = { exports: {} as unknown, filename: file, id: file, loaded: false };
  const run = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  run(module.exports, createRequire(file), module, file, path.dirname(file));
  module.loaded = true;
  return { exports: module.exports, cache, cacheFile };
}
