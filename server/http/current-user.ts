import type { Request, RequestHandler } from 'express';
import type { SessionRegistry } from '../features/auth/session-registry';
import type { SessionUser } from './session';

/**
 * The account behind a signed-in session (by its handle) as stored now;
 * null once the account is deleted or deactivated, or the session ended.
 */
export type LoadSessionUser = (id: number, handle: string) => Promise<SessionUser | null>;

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.session.regenerate((err) => (err ? reject(err) : resolve())),
  );

const same = (a: SessionUser, b: SessionUser) =>
  a.username === b.username &&
  (a.name ?? null) === (b.name ?? null) &&
  (a.language ?? null) === (b.language ?? null) &&
  a.role === b.role &&
  a.is_admin === b.is_admin &&
  Boolean(a.two_factor_due) === Boolean(b.two_factor_due);

/**
 * Reads the signed-in account again on every request that carries a
 * session, so what an admin changes counts at the user's next request: a
 * new role (the guards see it at once) or a deactivation or deletion (the
 * session ends and the request goes on signed out, as after sign-out). A
 * database that cannot be read fails the request rather than trusting what
 * the session remembered.
 *
 * The session's row in `user_sessions`, read in the same query, says
 * whether it is still alive: the store alone cannot. Ending a session
 * elsewhere (a password change, "sign out everywhere else", a
 * deactivation) removes it from the store, but a request of that session
 * still under way writes the session back when it ends (express-session
 * saves a changed session, and both stores insert a missing one). Without
 * its row (or without a handle at all) the session is over here too.
 */
export function currentUser(deps: {
  load: LoadSessionUser;
  registry: SessionRegistry;
}): RequestHandler {
  const { load, registry } = deps;
  return async (req, _res, next) => {
    const remembered = req.session?.user;
    if (!remembered) return next();
    try {
      const handle = req.session.auth?.handle;
      const user = handle ? await load(remembered.id, handle) : null;
      if (!user) {
        if (handle) await registry.forget(handle);
        await regenerate(req);
      } else if (!same(user, remembered)) {
        req.session.user = user;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
