import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestLog } from '../../http/request-log';
import type { SimpleRequest } from '../../http/simple-request';
import { addressLanguageCookie } from '../page-language';
import type { StaticFiles } from '../static-files';
import type { AnswerStore } from './answer-store';
import {
  matchesEtag,
  pickEncoding,
  variantOf,
  type CachedAnswer,
  type Encoding,
} from './cached-answer';

export type SendOnSocket = (head: Buffer, body: Buffer | undefined) => void;

/** What both ways of sending a hit send: picked once. */
export type Hit = {
  answer: CachedAnswer;
  variant: Encoding | 'notModified';
  cookie: string | null;
};

/** What a hit reads of a request, from Node's parser or the socket lane's. */
export type HitRequest = Pick<IncomingMessage, 'method' | 'url' | 'socket' | 'headers'>;

/**
 * The hit path: a kept answer found for a request and sent, on Node's
 * response or on the socket lane (decision 020), the same bytes either way,
 * with the request line a rendered answer gets.
 */
export function createHits(deps: {
  store: Pick<AnswerStore, 'lookup' | 'get'>;
  /** Where hits' request lines go (the request log of the whole app). */
  requestLog: RequestLog;
  /** Counts a page view: called with the page's view (`res.locals.pageView`) on each hit. */
  countView?: (view: string, req: HitRequest) => void;
  /** Built files, answered from memory before anything else (static-files.ts). */
  files?: Pick<StaticFiles, 'find'>;
}) {
  const { lookup, get } = deps.store;
  const { requestLog, countView, files } = deps;

  /** The kept answer for `key` and how to send it to this request, or null on a miss. */
  function find(key: string, req: HitRequest): Hit | null {
    const answer = get(key);
    if (!answer) return null;
    if (answer.view !== undefined) countView?.(answer.view, req);
    // A page whose address names a language makes it the visitor's choice, from the cache too.
    return hitOf(answer, req, isPage(answer) ? addressLanguageCookie(req) : null);
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

  function answer(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    return send(find(key, req), req, res);
  }

  function answerOnSocket(req: SimpleRequest, sendOnSocket: SendOnSocket): boolean {
    // A built file (static-files.ts), or a kept answer for the request's key.
    const file = files?.find(req);
    const key = file ? null : (lookup(req)?.key ?? null);
    const hit = file ? hitOf(file, req, null) : key === null ? null : find(key, req);
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

  return { find, send, answer, answerOnSocket };
}

/** How to send `answer` to this request: a 304, or the body its Accept-Encoding picks. */
export function hitOf(answer: CachedAnswer, req: HitRequest, cookie: string | null): Hit {
  const variant =
    answer.status === 200 && matchesEtag(req.headers['if-none-match'], answer.etag)
      ? 'notModified'
      : variantOf(answer, pickEncoding(req.headers['accept-encoding']));
  return { answer, variant, cookie };
}

/** `head` with a Set-Cookie line first, where Node puts a header set before `writeHead`. */
function withCookie(head: Buffer, cookie: string): Buffer {
  const statusLine = head.indexOf('\r\n') + 2;
  const line = Buffer.from(`Set-Cookie: ${cookie}\r\n`, 'latin1');
  return Buffer.concat([head.subarray(0, statusLine), line, head.subarray(statusLine)]);
}

const isPage = (answer: CachedAnswer) =>
  String(answer.heads.identity?.['content-type'] ?? '').startsWith('text/html');
