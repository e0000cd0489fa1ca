import type { IncomingMessage, ServerResponse } from 'node:http';
import { translator } from '../../i18n';
import type { Logger } from '../../logger';
import { pageLanguage } from '../page-language';
import type { AnswerStore } from './answer-store';
import type { MissGate, MissKind } from './miss-gate';
import type { RenderLock } from './render-lock';

/** What a refused miss is told to wait, in seconds. */
const RETRY_AFTER = 5;

/**
 * The way into rendering for what the cache does not hold: a miss of an
 * answer being rendered waits for that render (render-lock.ts) and is
 * answered with it; anything else waits its turn at the miss gate
 * (miss-gate.ts), which keeps renders to a share of the server's time, or
 * is refused with a 503 when too many wait.
 */
export function createAdmission(deps: {
  budgetBytes: number;
  gate: MissGate;
  logger: Logger;
  lookup: AnswerStore['lookup'];
  /** Sends the answer kept under `key` (hits.ts); false, having sent nothing, on a miss. */
  answer: (key: string, req: IncomingMessage, res: ServerResponse) => boolean;
  pending: RenderLock['pending'];
}) {
  const { gate, lookup, answer, pending } = deps;

  /** A public request the cache does not hold (`key`, null when it has none): `miss` renders it. */
  function admitMiss(
    key: string | null,
    req: IncomingMessage,
    res: ServerResponse,
    miss: () => void,
  ): void {
    const admit = () =>
      gate.admit(
        key === null ? 'unkept' : 'keyed',
        res,
        // Its turn: the answer may have been kept meanwhile (a burst for one new page).
        () => answerOrWait(req, res, miss),
        () => refuse(req, res),
      );
    const inProgress = key === null ? undefined : pending(key);
    if (!inProgress) return admit();
    void inProgress.then(() => {
      if (!answer(key!, req, res)) admit();
    });
  }

  /** A hit, a wait for the render of the same answer, or the render itself. */
  function answerOrWait(req: IncomingMessage, res: ServerResponse, miss: () => void): void {
    const key = lookup(req)?.key ?? null;
    if (key === null) return miss();
    if (answer(key, req, res)) return;
    const inProgress = pending(key);
    if (!inProgress) return miss();
    void inProgress.then(() => {
      if (!answer(key, req, res)) miss();
    });
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

  /** A render the cache never keeps nor sees as a miss (PageCache.admit). */
  function admit(
    kind: MissKind,
    req: IncomingMessage,
    res: ServerResponse,
    render: () => void,
  ): void {
    if (deps.budgetBytes === 0) return render();
    gate.admit(kind, res, render, () => refuse(req, res));
  }

  return { admitMiss, admit };
}
