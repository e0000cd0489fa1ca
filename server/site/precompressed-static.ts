import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import express from 'express';
import { pickEncoding } from './page-cache/cached-answer';

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** Every file under `dir` that has a pre-compressed copy beside it, as `/relative/path`. */
function compressedFiles(dir: string): Set<string> {
  const found = new Set<string>();
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = `${sub}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.br')) found.add(rel.slice(0, -3));
    }
  };
  if (existsSync(dir)) walk('');
  return found;
}

/**
 * Built files served as the build left them: the `.br` or `.gz` copy written
 * at build time (scripts/precompress.mjs) when the browser accepts it, the
 * plain file otherwise; nothing is compressed per request. The list of copies
 * is read again when a new build replaces the folder.
 */
export function precompressedStatic(
  dir: string,
  options: Parameters<typeof express.static>[1],
): RequestHandler {
  const files = express.static(dir, options);
  let known: { mtimeMs: number; files: Set<string> } | undefined;
  const list = () => {
    const mtimeMs = existsSync(dir) ? statSync(dir).mtimeMs : 0;
    if (known?.mtimeMs !== mtimeMs) known = { mtimeMs, files: compressedFiles(dir) };
    return known.files;
  };
  return (req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && list().has(req.path)) {
      res.setHeader('Vary', 'Accept-Encoding');
      const encoding = pickEncoding(req.headers['accept-encoding']);
      if (encoding !== 'identity') {
        // The copy's own name would give it the wrong type: name the original's.
        res.type(path.extname(req.path));
        res.setHeader('Content-Encoding', encoding);
        req.url = req.url.replace(req.path, `${req.path}${SUFFIX[encoding]}`);
      }
    }
    files(req, res, next);
  };
}
