import type { Request } from 'express';
import { clientIp } from './rate-limits';

/**
 * Who acts: the signed-in user (for a refused sign-in, the username tried,
 * without an id) and the address the request came from. Every service call
 * that changes something takes it, last, and hands it to what records the
 * change: the audit trail (`audit.record(who, …)` once the change is made),
 * an article's revisions, an upload's `created_by`.
 */
export type Who = {
  actor: { id: number | null; username: string } | null;
  ip: string | null;
};

/** Nobody in particular: the command line, the first start, a service test. */
export const NOBODY: Who = { actor: null, ip: null };

/** Who makes this request: the one way routes name the actor to the services they call. */
export function whoOf(req: Request): Who {
  const user = req.session?.user;
  return { actor: user ? { id: user.id, username: user.username } : null, ip: clientIp(req) };
}
