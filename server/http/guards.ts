import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ACCOUNT_CLOSED } from '#shared/auth';
import { can, type Capability } from '#shared/roles';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { SessionUser } from './session';

/**
 * Who may call a route: `anyone`, any `signed-in` account, or the staff
 * roles that hold a capability (shared/roles.ts).
 */
export type AccessRule = 'anyone' | 'signed-in' | Capability;

/** Where a guard keeps its rule, so a test can read every route's rule from the router. */
export const ACCESS_RULE = Symbol('access rule');

export type Guard = RequestHandler & { [ACCESS_RULE]: AccessRule };

/**
 * The one access check of the API, the first handler of every route:
 * 401 `Authentication required` without a session (with the code
 * `account_closed` for the session of an account deactivated or deleted
 * since); 403 `Access denied.
 * Admin privileges required.` for an account whose role lacks the
 * capability; 403 too while a staff account still owes the two-factor
 * setup the site requires (only its own account calls stay open). The
 * role is the account's current one (current-user.ts).
 */
export function allow(rule: AccessRule): Guard {
  const guard = (req: Request, _res: Response, next: NextFunction): void => {
    if (rule === 'anyone') return next();
    const user = req.session?.user;
    if (!user) {
      const refused = new UnauthorizedError('apiErrors.authRequired');
      return next(req.session?.accountClosed ? refused.withCode(ACCOUNT_CLOSED) : refused);
    }
    if (rule === 'signed-in') return next();
    if (!can(user.role, rule)) return next(new ForbiddenError('apiErrors.adminRequired'));
    if (user.two_factor_due) return next(new ForbiddenError('apiErrors.twoFactorSetupRequired'));
    next();
  };
  return Object.assign(guard, { [ACCESS_RULE]: rule });
}

/**
 * What `allow(capability)` would let through, for a route open to anyone
 * that shows staff more (an article's or a page's draft): the account's
 * role holds the capability and it owes no two-factor setup.
 */
export function holds(user: SessionUser | undefined, capability: Capability): boolean {
  return user !== undefined && can(user.role, capability) && !user.two_factor_due;
}
