import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import type { Logger } from '../logger';
import { keptAnswer, type CachedAnswer, type KeyedRequest } from './page-cache/page-cache';

const YEAR_SECONDS = 31_536_000;
const DAY_SECONDS = 86_400;

/** The types of what the build writes (anything else is sent as bytes). */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Files not kept in memory: source maps (for a developer's tools, rarely
 * asked, as big as the rest together) and the build's own manifests.
 */
const LEFT_ON_DISK = /\.map$|^\/\.vite\//;

export type StaticFiles = {
  /**
   * The answer for a built file, read from memory: any GET or HEAD of a file
   * the build wrote (a 404 for any other under `/assets/`, whose names the
   * build alone gives), or null for everything else, a `Range` request
   * included (Express's static files answer those from the disk).
   */
  find(req: KeyedRequest): CachedAnswer | null;
};

/**
 * The built files of the public site (`dist/client`) as answers kept in
 * memory, like rendered pages: each with the brotli and gzip copies the
 * build wrote beside it (scripts/precompress.mjs), a strong ETag and the
 * site's security headers, so the page cache and the socket lane send them
 * as they send a page, without Express or the disk. Hashed names under
 * `/assets/` (scripts, styles, fonts, the hero video and its still) never
 * change content: a year, immutable; the others (favicon, the default
 * article picture, which stored articles name) keep their names: a day.
 *
 * A file is read on its first request. In development the folder is looked
 * at again (at most once a second) so a rebuild shows; in production a new
 * build comes with a restart. Until then an upgrade may publish one under
 * the running server (scripts/publish-client-build.mjs): the previous
 * build's hashed files stay beside the new ones, and the pages this server
 * renders from the new manifest, and the new admin, name the new ones, so a
 * name under `/assets/` not listed but on the disk lists the folder again
 * (at most once a second). A file listed but gone by its first request is
 * not found, as any unknown name, with one warning: never an exception,
 * which on the socket lane would end the process.
 */
export function createStaticFiles(options: {
  dir: string;
  dev: boolean;
  /** The headers every answer of the site carries (security.ts). */
  headers: OutgoingHttpHeaders;
  logger: Pick<Logger, 'warn'>;
}): StaticFiles {
  const { dir, dev } = options;
  let names = new Set<string>();
  let answers = new Map<string, CachedAnswer>();
  let mtimeMs = -1;
  let checkedAt = -Infinity;
  let listedAt = -Infinity;
  const missing = keptAnswer(
    404,
    {
      ...options.headers,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    },
    { identity: Buffer.from('Not found') },
  );

  function refresh(): void {
    const now = performance.now();
    if (mtimeMs !== -1 && (!dev || now - checkedAt < 1000)) return;
    checkedAt = now;
    const current = existsSync(dir) ? statSync(dir).mtimeMs : 0;
    if (current === mtimeMs) return;
    mtimeMs = current;
    names = new Set(listFiles(dir));
    answers = new Map();
  }

  /** In production, whether `name`, not listed, is a newer build's file: listed now if so. */
  function listedAgain(name: string): boolean {
    if (dev || !existsSync(path.join(dir, name))) return false;
    const now = performance.now();
    if (now - listedAt < 1000) return false;
    listedAt = now;
    names = new Set(listFiles(dir));
    return names.has(name);
  }

  function answerOf(name: string): CachedAnswer | null {
    const answer = answers.get(name);
    if (answer) return answer;
    try {
      return readAnswer(name);
    } catch (err) {
      // Gone (or unreadable) since the folder was listed: from now on not one of its files.
      names.delete(name);
      options.logger.warn({ err, file: name }, 'a built file could not be read: answered 404');
      return null;
    }
  }

  /** The answer for `name` read from the disk (its first request), kept for the next ones. */
  function readAnswer(name: string): CachedAnswer {
    const file = path.join(dir, name);
    const copy = (suffix: string) =>
      names.has(`${name}${suffix}`) ? readFileSync(`${file}${suffix}`) : undefined;
    const compressed = { br: copy('.br'), gzip: copy('.gz') };
    const hashed = name.startsWith('/assets/');
    const caching = dev
      ? 'no-cache'
      : hashed
        ? `public, max-age=${YEAR_SECONDS}, immutable`
        : name.endsWith('.html')
          ? 'no-cache'
          : `public, max-age=${DAY_SECONDS}`;
    const headers: OutgoingHttpHeaders = {
      ...options.headers,
      'Content-Type': TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': caching,
      ...(compressed.br || compressed.gzip ? { Vary: 'Accept-Encoding' } : {}),
    };
    const answer = keptAnswer(200, headers, {
      identity: readFileSync(file),
      ...(compressed.br && { br: compressed.br }),
      ...(compressed.gzip && { gzip: compressed.gzip }),
    });
    answers.set(name, answer);
    return answer;
  }

  return {
    find(req) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return null;
      if (req.headers.range !== undefined) return null;
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const name = q === -1 ? url : url.slice(0, q);
      refresh();
      if (names.has(name) && !LEFT_ON_DISK.test(name) && !isCopy(name, names)) {
        const answer = answerOf(name);
        if (answer) return answer;
      }
      // The build names everything under /assets/: anything else there is not a page.
      if (name.startsWith('/assets/') && !names.has(name)) {
        if (!listedAgain(name)) return missing;
        if (LEFT_ON_DISK.test(name) || isCopy(name, names)) return null;
        return answerOf(name) ?? missing;
      }
      return null;
    },
  };
}

/** A `.br` or `.gz` copy of another file: sent for that file, never under its own name. */
const isCopy = (name: string, names: Set<string>) =>
  (name.endsWith('.br') || name.endsWith('.gz')) && names.has(name.slice(0, -3));

/** Every file under `dir`, as `/relative/path`. */
function listFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = `${sub}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else found.push(rel);
    }
  };
  if (existsSync(dir)) walk('');
  return found;
}
