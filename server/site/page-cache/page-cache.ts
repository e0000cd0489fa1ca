import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { ContentVersion } from '../../content-version';
import type { PublicOrigin } from '../../http/public-origin';
import type { DeclaredLocals, PublicQuery } from '../../http/public-query';
import type { RequestLog } from '../../http/request-log';
import type { SimpleRequest } from '../../http/simple-request';
import { translator } from '../../i18n';
import type { Logger } from '../../logger';
import { addressLanguageCookie, pageLanguage } from '../page-language';
import {
  cachedAnswer,
  compressBetter,
  type Encoding,
  keptHeaders,
  matchesEtag,
  pickEncoding,
  variantOf,
  type CachedAnswer,
} from './cached-answer';
import { answerKey, publicTarget, type KeyedRequest, type PublicTarget } from './cache-key';
import { ByteLru } from './lru';
import { createMissGate, type MissGate, type MissKind } from './miss-gate';
import type { StaticFiles } from '../static-files';

/** Answers that may be kept: a page, a feed or a public API read, and their 404. */
const STORED_STATUSES = new Set([200, 404]);
/** At most this share of the budget holds 404s, so random addresses cannot push pages out. */
const MISSING_SHARE = 1 / 16;
/** Hits after which an answer is compressed at the best level (cached-answer.ts). */
export const POPULAR_HITS = 16;
/** Paths whose declared query the cache remembers (the first render of a path teaches it). */
const DECLARED_PATHS = 10_000;
/** What a refused miss is told to wait, in seconds. */
const RETRY_AFTER = 5;

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

export type SendOnSocket = (head: Buffer, body: Buffer | undefined) => void;

/** What both ways of sending a hit send: picked once. */
type Hit = { answer: CachedAnswer; variant: Encoding | 'notModified'; cookie: string | null };

/**
 * An in-process cache of finished anonymous public answers: pages in every
 * language, feeds, the sitemap and public news API reads, each kept under
 * everything that changes its bytes and nothing else (cache-key.ts): its
 * route declares the query parameters it reads (`readsQuery`, a page's
 * `handle.query`), and an answer whose declared values are not all valid
 * (a page past the last, an unknown category, a host beyond the first few)
 * is answered but never kept. A route that declares nothing is never kept.
 * Each answer is kept with brotli and gzip bodies (quickly compressed
 * first, compressed hard once popular) and a strong ETag; `If-None-Match`
 * answers 304. Every content write moves the content version, which
 * empties the cache at once, and a render that began before a move is
 * never stored after it. Signed-in visitors, POSTs and answers that set a
 * cookie (but the language one of a language address, which every delivery
 * sets again), say `res.locals.noPageCache` or are `Cache-Control: private`
 * (a share link's article) are never kept.
 *
 * Anything public it does not hold goes through the miss gate, which keeps
 * renders to a share of the server's time while others wait: a flood of
 * addresses that are never kept costs cached pages at most that share.
 * Misses of one kept answer are coalesced, as nginx's `proxy_cache_lock`
 * does: while one request renders an answer, others asking for it wait for
 * it instead of rendering it again.
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
  const pages = new ByteLru<CachedAnswer>(deps.budgetBytes);
  const missing = new ByteLru<CachedAnswer>(Math.floor(deps.budgetBytes * MISSING_SHARE));
  deps.version.onChange(() => {
    pages.clear();
    missing.clear();
  });
  const storeOf = (status: number) => (status === 404 ? missing : pages);
  const gate = deps.gate ?? createMissGate();
  const { requestLog } = deps;
  /** What each path's route declared when it was last rendered. */
  const declared = new Map<string, PublicQuery>();
  /** Answers being rendered now, by key: settled once kept (or found not worth keeping). */
  const rendering = new Map<string, Promise<void>>();
  const promote = createPromotions(deps.logger);

  /** A request for the cache (or its gate) and its key, null when it has none yet. */
  function lookup(req: KeyedRequest): { target: PublicTarget; key: string | null } | null {
    if (deps.budgetBytes === 0) return null;
    const target = publicTarget(req);
    if (target === null) return null;
    const origin = target.keepable ? deps.origin.keyOf(req) : null;
    const query = origin === null ? undefined : declared.get(target.path);
    return { target, key: query ? answerKey(origin!, target, query) : null };
  }

  function learn(path: string, query: PublicQuery): void {
    if (declared.get(path) === query) return;
    declared.delete(path);
    if (declared.size >= DECLARED_PATHS) declared.delete(declared.keys().next().value!);
    declared.set(path, query);
  }

  /** Compresses off the request path (zlib's threads), then keeps it unless content moved on. */
  function keep(
    key: string,
    answer: Parameters<typeof cachedAnswer>,
    renderedAt: number,
    view: string | undefined,
  ): Promise<void> {
    return cachedAnswer(...answer).then(
      (kept) => {
        kept.view = view;
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
    const target = deps.budgetBytes === 0 ? null : publicTarget(req);
    if (target === null) return next();
    const origin = target.keepable ? deps.origin.keyOf(req) : null;
    const renderedAt = deps.version.current();
    // Known before the render when the path was rendered before: others asking wait for this one.
    const known = origin === null ? undefined : declared.get(target.path);
    const leadKey = known ? answerKey(origin!, target, known) : null;
    const settle = leadKey === null ? () => undefined : lead(leadKey);
    // Whatever happens to this answer (an error page, a stream, a cut connection), waiters go on.
    res.once('close', () => settle());
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      res.send = send;
      const query = (res.locals as DeclaredLocals).publicQuery;
      if (query && origin !== null && target.keepable) learn(target.path, query);
      const key = query && origin !== null ? answerKey(origin, target, query) : null;
      const storable =
        key !== null &&
        STORED_STATUSES.has(res.statusCode) &&
        res.locals.noPageCache !== true &&
        !/\bprivate\b/i.test(String(res.getHeader('cache-control') ?? '')) &&
        onlyLanguageCookie(req, res.getHeader('set-cookie')) &&
        (typeof body === 'string' || Buffer.isBuffer(body));
      if (!storable) {
        settle();
        return rendered(send(body));
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
      const view = res.locals.pageView as string | undefined;
      settle(
        keep(key, [status, headers, vary ? String(vary) : undefined, bytes], renderedAt, view),
      );
      return rendered(result);
    };
    // The render has made its answer: the gate's turn ends, whether or not the client reads it.
    const rendered = <T>(result: T): T => {
      gate.rendered(res);
      return result;
    };
    next();
  };

  function serve(req: IncomingMessage, res: ServerResponse, miss: () => void): void {
    const file = deps.files?.find(req);
    if (file) {
      send(hitOf(file, req, null), req, res);
      return;
    }
    const found = lookup(req);
    if (found === null) return miss();
    if (found.key !== null && answer(found.key, req, res)) return;
    const admit = () =>
      gate.admit(
        found.key === null ? 'unkept' : 'keyed',
        res,
        // Its turn: the answer may have been kept meanwhile (a burst for one new page).
        () => answerOrWait(req, res, miss),
        () => refuse(req, res),
      );
    const inProgress = found.key === null ? undefined : rendering.get(found.key);
    if (!inProgress) return admit();
    void inProgress.then(() => {
      if (!answer(found.key!, req, res)) admit();
    });
  }

  /** A hit, a wait for the render of the same answer, or the render itself. */
  function answerOrWait(req: IncomingMessage, res: ServerResponse, miss: () => void): void {
    const key = lookup(req)?.key ?? null;
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
    if (++answer.hits === POPULAR_HITS) promote(answer);
    if (answer.view !== undefined) deps.countView?.(answer.view, req);
    // A page whose address names a language makes it the visitor's choice, from the cache too.
    return hitOf(answer, req, isPage(answer) ? addressLanguageCookie(req) : null);
  }

  /** A built file (static-files.ts), or a kept answer for the request's key. */
  function findAny(req: KeyedRequest): Hit | null {
    const file = deps.files?.find(req);
    if (file) return hitOf(file, req, null);
    const key = lookup(req)?.key ?? null;
    return key === null ? null : find(key, req);
  }

  function answer(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    return send(find(key, req), req, res);
  }

  function send(hit: Hit | null, req: IncomingMessage, res: ServerResponse): boolean {
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

  function answerOnSocket(req: SimpleRequest, sendOnSocket: SendOnSocket): boolean {
    const hit = findAny(req);
    if (!hit) return false;
    const started = performance.now();
    const { answer, variant, cookie } = hit;
    const head = answer.headBytes[variant]!;
    const body =
      variant === 'notModified' || req.method === 'HEAD' ? undefined : answer.bodies[variant];
    sendOnSocket(cookie ? withCookie(head, cookie) : head, body);
    requestLog.hit(req, variant === 'notModified' ? 304 : answer.status, started);
    return true;
  }

  /**
   * Too many misses wait: a short answer in the visitor's language, to try
   * again soon. Not a request line each (a flood would write thousands a
   * second): one warning a second says how many were refused.
   */
  let refusedSinceWarning = 0;
  function refuse(req: IncomingMessage, res: ServerResponse): void {
    if (refusedSinceWarning++ === 0) {
      setTimeout(() => {
        deps.logger.warn(
          { refused: refusedSinceWarning, waiting: gate.stats().waiting },
          'page cache: too many misses waiting, requests refused with 503',
        );
        refusedSinceWarning = 0;
      }, 1000).unref();
    }
    const message = translator(pageLanguage(req))('apiErrors.busy');
    const json = req.url?.startsWith('/api/') === true;
    const body = json ? JSON.stringify({ error: message }) : message;
    res.writeHead(503, {
      'Content-Type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Retry-After': String(RETRY_AFTER),
      'Cache-Control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function admitRender(
    kind: MissKind,
    req: IncomingMessage,
    res: ServerResponse,
    render: () => void,
  ): void {
    if (deps.budgetBytes === 0) return render();
    gate.admit(kind, res, render, () => refuse(req, res));
  }

  return {
    serve,
    answerOnSocket,
    capture,
    admit: admitRender,
    stats: () => ({
      entries: pages.size + missing.size,
      bytes: pages.bytes + missing.bytes,
      gate: gate.stats(),
    }),
  };
}

/**
 * Compresses popular answers at the best level, one at a time on zlib's
 * threads (a flood of popular keys cannot fill the pool the database uses).
 */
function createPromotions(logger: Logger): (answer: CachedAnswer) => void {
  const queue: CachedAnswer[] = [];
  let busy = false;
  const next = (): void => {
    const answer = queue.shift();
    if (!answer) {
      busy = false;
      return;
    }
    busy = true;
    compressBetter(answer).then(next, (err: unknown) => {
      logger.warn({ err }, 'page cache: compression failed');
      next();
    });
  };
  return (answer) => {
    queue.push(answer);
    if (!busy) next();
  };
}

/** How to send `answer` to this request: a 304, or the body its Accept-Encoding picks. */
function hitOf(answer: CachedAnswer, req: HitRequest, cookie: string | null): Hit {
  const variant =
    answer.status === 200 && matchesEtag(req.headers['if-none-match'], answer.etag)
      ? 'notModified'
      : variantOf(answer, pickEncoding(req.headers['accept-encoding']));
  return { answer, variant, cookie };
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
