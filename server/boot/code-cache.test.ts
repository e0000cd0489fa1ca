import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../project-root';
import { codeCacheFile, requireWithCodeCache, writePendingCaches } from './code-cache';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A CommonJS module in a temp folder that requires a built-in and a file beside it. */
function moduleFile() {
  const dir = mkdtempSync(path.join(tmpdir(), 'code-cache-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'helper.js'), 'module.exports = (n) => n * 2;\n');
  const file = path.join(dir, 'bundle.cjs');
  writeFileSync(
    file,
    [
      "const path = require('node:path');",
      "const twice = require('./helper.js');",
      'function answer() { return twice(21); }',
      'module.exports = { answer, base: path.basename(__filename), dir: __dirname };',
    ].join('\n'),
  );
  return file;
}

/**
 * Loads `file` with requireWithCodeCache in a node process of its own (V8
 * would answer a second compile in the same process from its in-memory
 * cache), which writes the code cache when it exits, as the server does.
 */
function loadInChild(file: string): { cache: string; answer: number } {
  const script = `
    import { requireWithCodeCache } from ${JSON.stringify(path.join(import.meta.dirname, 'code-cache.ts'))};
    const loaded = requireWithCodeCache(${JSON.stringify(file)});
    process.stdout.write(JSON.stringify({ cache: loaded.cache, answer: loaded.exports.answer() }));
  `;
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH }, encoding: 'utf8' },
  );
  return JSON.parse(out) as { cache: string; answer: number };
}

/** The one cache file the child processes wrote beside `file`. */
function cacheFileOf(file: string): string {
  const caches = readdirSync(path.dirname(file)).filter((f) => f.endsWith('.v8cache'));
  expect(caches).toHaveLength(1);
  return path.join(path.dirname(file), caches[0]!);
}

describe('requireWithCodeCache', () => {
  it('runs a CommonJS file as require does, and writes its cache when the process ends', () => {
    const file = moduleFile();
    const loaded = requireWithCodeCache(file);
    const mod = loaded.exports as { answer(): number; base: string; dir: string };
    expect(mod.answer()).toBe(42);
    expect(mod.base).toBe('bundle.cjs');
    expect(mod.dir).toBe(path.dirname(file));
    expect(loaded.cache).toBe('none');
    expect(existsSync(loaded.cacheFile)).toBe(false);
    writePendingCaches();
    expect(readFileSync(loaded.cacheFile).length).toBeGreaterThan(0);
  });

  it('compiles from the cache the process before it wrote', () => {
    const file = moduleFile();
    expect(loadInChild(file)).toEqual({ cache: 'none', answer: 42 });
    expect(loadInChild(file)).toEqual({ cache: 'used', answer: 42 });
    expect(loadInChild(file)).toEqual({ cache: 'used', answer: 42 });
  });

  it('takes a rebuilt file as it is, not from the cache of the one before', () => {
    const file = moduleFile();
    loadInChild(file);
    // The cache was written a while before the file is built again.
    const earlier = new Date(Date.now() - 10_000);
    utimesSync(cacheFileOf(file), earlier, earlier);
    writeFileSync(file, 'module.exports = { answer: () => 7 };\n');
    expect(loadInChild(file)).toEqual({ cache: 'stale', answer: 7 });
    expect(loadInChild(file)).toEqual({ cache: 'used', answer: 7 });
  });

  it('compiles as usual when V8 refuses the cache (damaged, another version), and makes it again', () => {
    const file = moduleFile();
    loadInChild(file);
    writeFileSync(cacheFileOf(file), Buffer.from('not a code cache'));
    expect(loadInChild(file)).toEqual({ cache: 'rejected', answer: 42 });
    expect(loadInChild(file)).toEqual({ cache: 'used', answer: 42 });
  });

  it('keeps one cache per launch: node version and V8 flags', () => {
    const file = '/srv/bundle.cjs';
    const served = codeCacheFile(file, ['--max-semi-space-size=2']);
    expect(served).toMatch(/^\/srv\/bundle\.cjs\.[0-9a-f]{12}\.v8cache$/);
    expect(codeCacheFile(file, ['--max-semi-space-size=2'])).toBe(served);
    expect(codeCacheFile(file, [])).not.toBe(served);
  });
});

describe('the built server and render bundles (npm run build)', () => {
  // scripts/serve.sh's flags: the launch the build's warm-up made the caches for.
  const SERVE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=50'];
  const bundles = ['dist/server/server.cjs', 'dist/ssr/entry-server.cjs'].map((f) =>
    path.join(PROJECT_ROOT, f),
  );

  it.each(bundles)('%s is ASCII only, so it reads as Latin-1', (file) => {
    expect(readFileSync(file).every((byte) => byte < 0x80)).toBe(true);
  });

  it.each(bundles)('%s has a code cache for serve.sh that V8 accepts', (file) => {
    const cacheFile = codeCacheFile(file, [...SERVE_FLAGS, '']);
    expect(existsSync(cacheFile)).toBe(true);
    // Compiled (not run) by a node started as serve.sh starts it, the way the server compiles it.
    const check = `
      import { readFileSync } from 'node:fs';
      import { compileWithCache } from ${JSON.stringify(path.join(import.meta.dirname, 'code-cache.ts'))};
      const script = compileWithCache(${JSON.stringify(file)}, readFileSync(${JSON.stringify(cacheFile)}));
      process.stdout.write(script.cachedDataRejected ? 'rejected' : 'accepted');
    `;
    const out = execFileSync(
      process.execPath,
      [...SERVE_FLAGS, '--import', 'tsx', '--input-type=module', '-e', check],
      { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH }, encoding: 'utf8' },
    );
    expect(out).toBe('accepted');
  });
});
