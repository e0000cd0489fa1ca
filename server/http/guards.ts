import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError, UnauthorizedError } from '../errors';

/** 401 `Authentication required` without a signed-in session. */
export function requireAuth(req: Request, _res: Response, next: NextFunction): void {
  if (!req.session?.user) return next(new UnauthorizedError('apiErrors.authRequired'));
  next();
}

/** 401 without a session, 403 `Access denied. Admin privileges required.` for a non-admin. */
export function requireAdmin(req: Request, _res: Response, next: NextFunction): void {
  const user = req.session?.user;
  if (!user) return next(new UnauthorizedError('apiErrors.authRequired'));
  if (!user.is_admin) return next(new ForbiddenError('apiErrors.adminRequired'));
  next();
}
