import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { ContentVersion } from '../../content-version';
import type { SimpleRequest } from '../../http/simple-request';
import type { RequestLog } from '../../http/request-log';
import type { Logger } from '../../logger';
import {
  cachedAnswer,
  type Encoding,
  keptHeaders,
  matchesEtag,
  pickEncoding,
  type CachedAnswer,
} from './cached-answer';
import { addressLanguageCookie } from '../page-language';
import { cacheKey } from './cache-key';
import { ByteLru } from './lru';

/** Answers that may be kept: a page, a feed or a public API read, and their 404. */
const STORED_STATUSES = new Set([200, 404]);
/** At most this share of the budget holds 404s, so random addresses cannot push pages out. */
const MISSING_SHARE = 1 / 16;

export type PageCache = {
  /**
   * Answers the request from the cache, on the bare Node request before any
   * framework runs (that is what makes a hit cheap). On a miss while the same
   * answer is already being rendered, waits for that render and answers
   * with it; otherwise calls `miss` (which renders, and `capture` keeps).
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
  stats(): { entries: number; bytes: number };
};

export type SendOnSocket = (head: Buffer, body: Buffer | undefined) => void;

/** What both ways of sending a hit send: picked once. */
type Hit = { answer: CachedAnswer; variant: Encoding | 'notModified'; cookie: string | null };

/**
 * An in-process cache of finished anonymous public answers: pages in every
 * language, feeds, the sitemap and public news API reads, keyed by everything
 * that changes their bytes (see cacheKey). Each is kept with brotli and gzip
 * bodies and a strong ETag; `If-None-Match` answers 304. Every content write
 * bumps the content version, which empties the cache at once, and a render
 * that began before a bump is never stored after it. Signed-in visitors, POSTs
 * and answers that set a cookie (but the language one of a language address,
 * which every delivery sets again), say `res.locals.noPageCache` or are
 * `Cache-Control: private` (a share link's article) never touch it.
 *
 * Misses are coalesced, as nginx's `proxy_cache_lock` does: while one
 * request renders and compresses an answer, others asking for the same one
 * wait for it instead of rendering it again. After a write empties the
 * cache, a burst of visitors costs one render per page, not one each (and
 * not one brotli pass each, which would fill the thread pool that the
 * database's queries need).
 */
export function createPageCache(deps: {
  budgetBytes: number;
  /** Unset PUBLIC_URL: pages name the address they were asked at, so it is part of the key. */
  keyByOrigin: boolean;
  version: ContentVersion;
  logger: Logger;
  /** Where hits' request lines go (the request log of the whole app). */
  requestLog: RequestLog;
}): PageCache {
  const pages = new ByteLru<CachedAnswer>(deps.budgetBytes);
  const missing = new ByteLru<CachedAnswer>(Math.floor(deps.budgetBytes * MISSING_SHARE));
  deps.version.onChange(() => {
    pages.clear();
    missing.clear();
  });
  const storeOf = (status: number) => (status === 404 ? missing : pages);
  const { requestLog } = deps;

  /** The key of a request that may use the cache, or null (also when the cache is off). */
  const keyOf = (req: Parameters<typeof cacheKey>[0]) =>
    deps.budgetBytes === 0 ? null : cacheKey(req, deps.keyByOrigin);

  /** Answers being rendered now, by key: settled once kept (or found not worth keeping). */
  const rendering = new Map<string, Promise<void>>();

  /** Compresses off the request path (zlib's threads), then keeps it unless content moved on. */
  function keep(
    key: string,
    answer: Parameters<typeof cachedAnswer>,
    renderedAt: number,
  ): Promise<void> {
    return cachedAnswer(...answer).then(
      (kept) => {
        if (deps.version.current() === renderedAt) storeOf(kept.status).set(key, kept);
      },
      (err: unknown) => deps.logger.warn({ err }, 'page cache: compression failed'),
    );
  }

  /** Makes this request the one others asking for `key` wait for; returns how to let them go. */
  function lead(key: string): (after?: Promise<void>) => void {
    if (rendering.has(key)) return () => undefined;
    let release!: () => void;
    rendering.set(key, new Promise<void>((resolve) => (release = resolve)));
    let done = false;
    return (after) => {
      if (done) return;
      done = true;
      void (after ?? Promise.resolve()).finally(() => {
        rendering.delete(key);
        release();
      });
    };
  }

  const capture: RequestHandler = (req, res, next) => {
    const key = keyOf(req);
    if (key === null) return next();
    const renderedAt = deps.version.current();
    const settle = lead(key);
    // Whatever happens to this answer (an error page, a stream, a cut connection), waiters go on.
    res.once('close', () => settle());
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      res.send = send;
      const storable =
        STORED_STATUSES.has(res.statusCode) &&
        res.locals.noPageCache !== true &&
        !/\bprivate\b/i.test(String(res.getHeader('cache-control') ?? '')) &&
        onlyLanguageCookie(req, res.getHeader('set-cookie')) &&
        (typeof body === 'string' || Buffer.isBuffer(body));
      if (!storable) {
        settle();
        return send(body);
      }
      // What the answer is made of, taken before sending (compression adds its own headers).
      const headers = keptHeaders(res.getHeaders());
      // Express names the charset of a text body as it sends it: name it here too.
      const type = String(headers['content-type'] ?? 'text/html');
      headers['content-type'] =
        typeof body === 'string' && !/charset=/i.test(type) ? `${type}; charset=utf-8` : type;
      const vary = res.getHeader('vary');
      const status = res.statusCode;
      const result = send(body);
      const bytes = Buffer.from(body as string | Buffer);
      settle(keep(key, [status, headers, vary ? String(vary) : undefined, bytes], renderedAt));
      return result;
    };
    next();
  };

  function serve(req: IncomingMessage, res: ServerResponse, miss: () => void): void {
    const key = keyOf(req);
    if (key === null) return miss();
    if (answer(key, req, res)) return;
    const inProgress = rendering.get(key);
    if (!inProgress) return miss();
    void inProgress.then(() => {
      if (!answer(key, req, res)) miss();
    });
  }

  /** The kept answer for `key` and how to send it to this request, or null on a miss. */
  function find(key: string, req: HitRequest): Hit | null {
    // Reading the version moves it when a scheduled publication is due, which empties the cache.
    deps.version.current();
    const answer = pages.get(key) ?? missing.get(key);
    if (!answer) return null;
    // A page whose address names a language makes it the visitor's choice, from the cache too.
    const cookie = isPage(answer) ? addressLanguageCookie(req) : null;
    const variant =
      answer.status === 200 && matchesEtag(req.headers['if-none-match'], answer.etag)
        ? 'notModified'
        : pickEncoding(req.headers['accept-encoding']);
    return { answer, variant, cookie };
  }

  function answer(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    const hit = find(key, req);
    if (!hit) return false;
    const started = performance.now();
    if (hit.cookie) res.setHeader('Set-Cookie', hit.cookie);
    if (hit.variant === 'notModified') {
      res.writeHead(304, hit.answer.notModified).end();
    } else {
      res.writeHead(hit.answer.status, hit.answer.heads[hit.variant]);
      res.end(req.method === 'HEAD' ? undefined : hit.answer.bodies[hit.variant]);
    }
    requestLog.hit(req, res.statusCode, started);
    return true;
  }

  function answerOnSocket(req: SimpleRequest, send: SendOnSocket): boolean {
    const key = keyOf(req);
    const hit = key === null ? null : find(key, req);
    if (!hit) return false;
    const started = performance.now();
    const { answer, variant, cookie } = hit;
    const head = answer.headBytes[variant];
    const body =
      variant === 'notModified' || req.method === 'HEAD' ? undefined : answer.bodies[variant];
    send(cookie ? withCookie(head, cookie) : head, body);
    requestLog.hit(req, variant === 'notModified' ? 304 : answer.status, started);
    return true;
  }

  return {
    serve,
    answerOnSocket,
    capture,
    stats: () => ({ entries: pages.size + missing.size, bytes: pages.bytes + missing.bytes }),
  };
}

/**
 * True when an answer sets no cookie but the one every visitor arriving on
 * that address gets (its language, see addressLanguageCookie): the page is
 * the same for all of them, and the cookie is added again on every delivery.
 */
function onlyLanguageCookie(req: IncomingMessage, setCookie: unknown): boolean {
  if (setCookie === undefined) return true;
  const cookies = Array.isArray(setCookie) ? setCookie : [setCookie];
  return cookies.length === 1 && cookies[0] === addressLanguageCookie(req);
}

/** `head` with a Set-Cookie line first, where Node puts a header set before `writeHead`. */
function withCookie(head: Buffer, cookie: string): Buffer {
  const statusLine = head.indexOf('\r\n') + 2;
  const line = Buffer.from(`Set-Cookie: ${cookie}\r\n`, 'latin1');
  return Buffer.concat([head.subarray(0, statusLine), line, head.subarray(statusLine)]);
}

/** What a hit reads of a request, from Node's parser or the socket lane's. */
type HitRequest = Pick<IncomingMessage, 'method' | 'url' | 'socket' | 'headers'>;

const isPage = (answer: CachedAnswer) =>
  String(answer.heads.identity?.['content-type'] ?? '').startsWith('text/html');
