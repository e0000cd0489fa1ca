import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { ContentVersion } from '../../content-version';
import type { PublicOrigin } from '../../http/public-origin';
import type { RequestLog } from '../../http/request-log';
import type { SimpleRequest } from '../../http/simple-request';
import type { Logger } from '../../logger';
import type { StaticFiles } from '../static-files';
import { createAdmission } from './admission';
import { createAnswerStore } from './answer-store';
import { createCapture } from './capture';
import { createHits, hitOf, type HitRequest, type SendOnSocket } from './hits';
import { createMissGate, type MissGate, type MissKind } from './miss-gate';
import { createRenderLock } from './render-lock';

// The page cache's whole surface for the rest of the server: nothing else imports from this folder.
export { keptAnswer, type CachedAnswer } from './cached-answer';
export type { KeyedRequest } from './cache-key';
export type { SendOnSocket } from './hits';
export { createMissGate, type MissGate, type MissKind } from './miss-gate';

export type PageCache = {
  /**
   * Answers the request from the cache, on the bare Node request before any
   * framework runs (that is what makes a hit cheap). On a miss while the same
   * answer is already being rendered, waits for that render and answers
   * with it; otherwise `miss` renders (and `capture` keeps) once the gate
   * (miss-gate.ts) lets it through.
   */
  serve(req: IncomingMessage, res: ServerResponse, miss: () => void): void;
  /**
   * The same for the socket lane, which reads simple requests itself: on a
   * hit, gives `send` the head (status line and headers, without the
   * per-delivery ones) and the body to write, logs the request line and
   * returns true. False, having sent nothing, when it is not a hit.
   */
  answerOnSocket(req: SimpleRequest, send: SendOnSocket): boolean;
  /** Express middleware, early in the chain: keeps a copy of what a miss renders. */
  capture: RequestHandler;
  /**
   * Runs a render the cache never keeps nor sees as a miss (a page answering a
   * form posted without JavaScript) through the same gate as misses: now, once
   * its turn comes, or the 503 a refused miss gets. With the cache off (no
   * budget), misses are not gated either: `render` runs at once.
   */
  admit(kind: MissKind, req: IncomingMessage, res: ServerResponse, render: () => void): void;
  stats(): { entries: number; bytes: number; gate: ReturnType<MissGate['stats']> };
};

/**
 * An in-process cache of finished anonymous public answers: pages in every
 * language, feeds, the sitemap and public news API reads, each kept under
 * everything that changes its bytes and nothing else (cache-key.ts): its
 * route declares the query parameters it reads (`readsQuery`, a page's
 * `handle.query`), and an answer whose declared values are not all valid
 * (a page past the last, an unknown category, a host beyond the first few)
 * is answered but never kept. A route that declares nothing is never kept.
 * Each answer is kept with brotli and gzip bodies (quickly compressed
 * first, compressed hard once popular: promotions.ts) and a strong ETag;
 * `If-None-Match` answers 304. Every content write moves the content
 * version, which empties the cache at once, and a render that began before
 * a move is never stored after it (answer-store.ts). Signed-in visitors,
 * POSTs and answers that set a cookie (but the language one of a language
 * address, which every delivery sets again), say `res.locals.noPageCache`
 * or are `Cache-Control: private` (a share link's article) are never kept
 * (capture.ts).
 *
 * Anything public it does not hold goes through the miss gate, which keeps
 * renders to a share of the server's time while others wait: a flood of
 * addresses that are never kept costs cached pages at most that share
 * (admission.ts). Misses of one kept answer are coalesced, as nginx's
 * `proxy_cache_lock` does: while one request renders an answer, others
 * asking for it wait for it instead of rendering it again (render-lock.ts).
 * Hits go out from hits.ts.
 */
export function createPageCache(deps: {
  budgetBytes: number;
  /** The origin answers are kept for (PUBLIC_URL, or the first few hosts asked for). */
  origin: Pick<PublicOrigin, 'keyOf'>;
  version: ContentVersion;
  logger: Logger;
  /** Where hits' request lines go (the request log of the whole app). */
  requestLog: RequestLog;
  gate?: MissGate;
  /** Counts a page view: called with the page's view (`res.locals.pageView`) on each hit. */
  countView?: (view: string, req: HitRequest) => void;
  /** Built files, answered from memory before anything else (static-files.ts). */
  files?: Pick<StaticFiles, 'find'>;
}): PageCache {
  const { budgetBytes, origin, version, logger, requestLog, countView, files } = deps;
  const store = createAnswerStore({ budgetBytes, origin, version, logger });
  const gate = deps.gate ?? createMissGate();
  const { lead, pending } = createRenderLock();
  const { lookup } = store;
  const { find, send, answer, answerOnSocket } = createHits({
    store,
    requestLog,
    countView,
    files,
  });
  const { admitMiss, admit } = createAdmission({
    budgetBytes,
    gate,
    logger,
    lookup,
    answer,
    pending,
  });
  const capture = createCapture({ budgetBytes, origin, version, store, lead, gate });

  function serve(req: IncomingMessage, res: ServerResponse, miss: () => void): void {
    const file = files?.find(req);
    if (file) {
      send(hitOf(file, req, null), req, res);
      return;
    }
    const found = lookup(req);
    if (found === null) return miss();
    if (found.key !== null && send(find(found.key, req), req, res)) return;
    admitMiss(found.key, req, res, miss);
  }

  return {
    serve,
    answerOnSocket,
    capture,
    admit,
    stats: () => ({ ...store.stats(), gate: gate.stats() }),
  };
}
