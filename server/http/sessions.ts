import type { Request, RequestHandler } from 'express';
import session from 'express-session';
import type { SessionUser } from './session';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 7;

/**
 * Cookie sessions kept in the session store. HttpOnly, SameSite=Lax, and
 * Secure whenever the request arrived over TLS (directly or, with
 * TRUST_PROXY, through a proxy that says so: express's `trust proxy` decides).
 */
export function createSessionMiddleware(store: session.Store, secret: string): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: SESSION_DAYS * 24 * 60 * 60 * 1000,
    },
  });
}

/** Signs the user in on a fresh session id (no fixation). */
export function startSession(req: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.regenerate((err) => {
      if (err) return reject(err);
      req.session.user = user;
      req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
    }),
  );
}

export function endSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((err) => (err ? reject(err) : resolve()));
  });
}
