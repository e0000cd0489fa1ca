import type { Request } from 'express';
import { UnauthorizedError } from '../errors';
import { clientIp } from './rate-limits';

/**
 * The account that acts: its id and username. A sign-in refused to an
 * unknown username names UNKNOWN_ACCOUNT (#shared/audit), without an id.
 */
export type Actor = { id: number | null; username: string };

/**
 * Who acts: the actor (null for a visitor, the command line, the first start
 * or a background job) and the address the request came from. The one way
 * the server names who did something: every service call that changes
 * something takes it, last, and hands it to what records the change: the
 * audit trail (`audit.record(who, …)` once the change is made), an
 * article's revisions, an upload's `created_by`, an enquiry's replies and
 * notes.
 */
export type Who = { actor: Actor | null; ip: string | null };

/** Nobody in particular: the command line, the first start, a background job, a service test. */
export const NOBODY: Who = { actor: null, ip: null };

/** Who makes this request: the one way routes name the actor to the services they call. */
export function whoOf(req: Request): Who {
  const user = req.session?.user;
  return { actor: user ? { id: user.id, username: user.username } : null, ip: clientIp(req) };
}

/**
 * The same request, acting as `account`: a sign-in, an accepted invitation
 * or a password reset by link, where the service learns who acts.
 */
export function actingAs(who: Who, account: Actor): Who {
  return { ...who, actor: { id: account.id, username: account.username } };
}

/**
 * The signed-in account behind `who`, for what only an account may do (its
 * sessions, its two-factor settings, replying to an enquiry). A route's guard
 * lets only signed-in users through, so none is a 401 here too, never a
 * change stored under no one.
 */
export function accountOf(who: Who): Actor & { id: number } {
  const id = who.actor?.id;
  if (id === null || id === undefined) throw new UnauthorizedError('apiErrors.authRequired');
  return { id, username: who.actor!.username };
}
