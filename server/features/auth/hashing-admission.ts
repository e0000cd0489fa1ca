import type { Request, RequestHandler, Response } from 'express';
import { TooManyRequestsError } from '../../errors';
import { clientIp } from '../../http/rate-limits';
import { HASH_QUEUE_RETRY_AFTER } from './hash-pool';
import { hashingFull } from './password';

/** Requests of one address that may wait behind its request under way; more are refused. */
export const MAX_WAITING_PER_ADDRESS = 4;

const busy = () => new TooManyRequestsError('apiErrors.busy', HASH_QUEUE_RETRY_AFTER);

/** One address's requests that need a password hash: the one under way, and those waiting. */
type Lane = { waiting: Array<() => void> };
const lanes = new Map<string, Lane>();

const gone = (req: Request, res: Response) => res.writableEnded || req.socket.destroyed;

/**
 * Admits a request that needs a password hash (sign-in, registration, a
 * password or code check), mounted after the route's rate limits so that a
 * refusal here counts against the address that caused it.
 *
 * One request per client address at a time: the next from the same address
 * waits until it has been answered (up to MAX_WAITING_PER_ADDRESS wait), so
 * an address flooding sign-ins holds at most one place in the hashing queue
 * and everyone else's sign-in still finds room. Refused with 429 "busy" and
 * Retry-After when that address already has its waiting requests, or when
 * the hashing queue is full (hash-pool.ts).
 */
export const whenHashingFree: RequestHandler = (req, res, next) => {
  if (hashingFull()) return next(busy());
  const address = clientIp(req);
  const lane = lanes.get(address);
  if (!lane) {
    lanes.set(address, { waiting: [] });
    return enter(address, req, res, next);
  }
  if (lane.waiting.length >= MAX_WAITING_PER_ADDRESS) return next(busy());
  lane.waiting.push(() => {
    // A client that left while waiting gives its turn to the next one.
    if (gone(req, res)) return handOn(address);
    if (hashingFull()) {
      handOn(address);
      return next(busy());
    }
    enter(address, req, res, next);
  });
};

/** Lets this request through; the next of its address goes once it has been answered. */
function enter(address: string, _req: Request, res: Response, next: (error?: unknown) => void) {
  let done = false;
  const release = () => {
    if (done) return;
    done = true;
    handOn(address);
  };
  res.once('finish', release);
  res.once('close', release);
  next();
}

function handOn(address: string): void {
  const lane = lanes.get(address);
  const turn = lane?.waiting.shift();
  if (turn) turn();
  else lanes.delete(address);
}
