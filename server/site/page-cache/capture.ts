import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { ContentVersion } from '../../content-version';
import type { PublicOrigin } from '../../http/public-origin';
import type { DeclaredLocals } from '../../http/public-query';
import { addressLanguageCookie } from '../page-language';
import type { AnswerStore } from './answer-store';
import { keptHeaders } from './cached-answer';
import { answerKey, publicTarget } from './cache-key';
import type { MissGate } from './miss-gate';
import type { RenderLock } from './render-lock';

/** Answers that may be kept: a page, a feed or a public API read, and their 404. */
const STORED_STATUSES = new Set([200, 404]);

/**
 * Express middleware, early in the chain: keeps a copy of what a miss
 * renders, when it may be kept (see createPageCache in page-cache.ts for what
 * never is), under the key its route declared; learns that declaration for
 * the path's next requests. A request whose key is known before the render
 * leads it: others asking for that answer wait for this one. The gate's
 * turn ends once the answer is made.
 */
export function createCapture(deps: {
  budgetBytes: number;
  origin: Pick<PublicOrigin, 'keyOf'>;
  version: ContentVersion;
  store: Pick<AnswerStore, 'declared' | 'learn' | 'keep'>;
  lead: RenderLock['lead'];
  gate: Pick<MissGate, 'rendered'>;
}): RequestHandler {
  const { store, lead, gate } = deps;
  return (req, res, next) => {
    const target = deps.budgetBytes === 0 ? null : publicTarget(req);
    if (target === null) return next();
    const origin = target.keepable ? deps.origin.keyOf(req) : null;
    const renderedAt = deps.version.current();
    // Known before the render when the path was rendered before: others asking wait for this one.
    const known = origin === null ? undefined : store.declared(target.path);
    const leadKey = known ? answerKey(origin!, target, known) : null;
    const settle = leadKey === null ? () => undefined : lead(leadKey);
    // Whatever happens to this answer (an error page, a stream, a cut connection), waiters go on.
    res.once('close', () => settle());
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      res.send = send;
      const query = (res.locals as DeclaredLocals).publicQuery;
      if (query && origin !== null && target.keepable) store.learn(target.path, query);
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
        store.keep(
          key,
          [status, headers, vary ? String(vary) : undefined, bytes],
          renderedAt,
          view,
        ),
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
