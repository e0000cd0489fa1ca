import type { Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { readCookie } from '#shared/cookies';
import type { SessionLifetime, SessionRegistry } from '../features/auth/session-registry';
import type { Logger } from '../logger';
import { deviceLabel } from './device';
import { clientIp } from './rate-limits';
import type { SessionUser } from './session';

/** The cookie on plain HTTP (a LAN install, tests). */
export const SESSION_COOKIE = 'sid';
/** The cookie over TLS: `__Host-` makes the browser insist on Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = '__Host-sid';
/** How stale `last_seen` may get before a request writes it again. */
const SEEN_RESOLUTION_MS = 60_000;

export const sessionCookieName = (req: Request) =>
  req.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

/** True when a `Cookie` header carries a session cookie (of either scheme). */
export const hasSessionCookie = (cookies: string | undefined) =>
  readCookie(cookies, SESSION_COOKIE) !== undefined ||
  readCookie(cookies, SECURE_SESSION_COOKIE) !== undefined;

/** Sign-in, second factor, registration and the account: the only routes that start a session. */
const SESSION_ROUTES = '/api/auth/';

/**
 * Cookie sessions kept in the session store. HttpOnly, SameSite=Lax; over
 * TLS (directly or, with TRUST_PROXY, through a proxy that says so) the
 * cookie is `__Host-sid` and Secure, on plain HTTP it is `sid`: each request
 * reads the one its scheme uses. The cookie lives for the idle lifetime and
 * rolls with every request; the absolute lifetime is enforced by
 * `sessionLifetime`. A request that brings no session cookie and is not for
 * the routes that start one has no session to load and none to make, so it
 * skips the session machinery (a random id and a wrapped response per
 * anonymous request otherwise); `req.session` is then undefined, which every
 * reader treats as signed out.
 */
export function createSessionMiddleware(
  store: session.Store,
  secret: string,
  lifetime: SessionLifetime,
): RequestHandler {
  // express-session installs its cookie factory on the store it is given (`store.generate`):
  // each middleware gets its own view of the one store, so the two do not overwrite each other.
  const options = (name: string, secure: boolean) =>
    session({
      name,
      secret,
      store: new StoreView(store),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: lifetime.idleMs },
    });
  const plain = options(SESSION_COOKIE, false);
  const tls = options(SECURE_SESSION_COOKIE, true);
  return (req, res, next) => {
    if (!hasSessionCookie(req.headers.cookie) && !req.path.startsWith(SESSION_ROUTES))
      return next();
    (req.secure ? tls : plain)(req, res, next);
  };
}

/**
 * One session store seen through its own object: it passes every call on to
 * the real store (whose private fields stay its own) and its readiness
 * events back.
 */
class StoreView extends session.Store {
  constructor(private readonly inner: session.Store) {
    super();
    inner.on('connect', () => this.emit('connect'));
    inner.on('disconnect', () => this.emit('disconnect'));
  }

  get(sid: string, cb: (err: unknown, session?: session.SessionData | null) => void): void {
    this.inner.get(sid, cb);
  }

  set(sid: string, data: session.SessionData, cb?: (err?: unknown) => void): void {
    this.inner.set(sid, data, cb);
  }

  destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.inner.destroy(sid, cb);
  }

  override touch(sid: string, data: session.SessionData, cb?: () => void): void {
    if (this.inner.touch) this.inner.touch(sid, data, cb);
    else cb?.();
  }
}

const regenerate = (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.session.regenerate((err) => (err ? reject(err) : resolve())),
  );

const save = (req: Request) =>
  new Promise<void>((resolve, reject) =>
    req.session.save((err) => (err ? reject(err) : resolve())),
  );

/**
 * Ends a signed-in session that has been idle too long or has reached its
 * absolute lifetime (the request goes on signed out), and keeps `last seen`
 * of the session list current, at most once a minute per session.
 */
export function sessionLifetime(deps: {
  lifetime: SessionLifetime;
  registry: SessionRegistry;
  logger: Logger;
}): RequestHandler {
  const { lifetime, registry, logger } = deps;
  return async (req, _res, next) => {
    const auth = req.session?.auth;
    if (!req.session?.user) return next();
    const now = Date.now();
    if (!auth || now - auth.created > lifetime.absoluteMs || now - auth.seen > lifetime.idleMs) {
      try {
        if (auth) await registry.forget(auth.handle);
        await regenerate(req);
      } catch (error) {
        // Over all the same: the request goes on signed out, whatever the bookkeeping missed.
        delete req.session.user;
        delete req.session.auth;
        logger.warn({ err: error }, 'session bookkeeping failed');
      }
      return next();
    }
    if (now - auth.seen > SEEN_RESOLUTION_MS) {
      try {
        auth.seen = now;
        await registry.touch(auth.handle, now, clientIp(req));
      } catch (error) {
        // A read-only or busy database must not turn every signed-in read into an error.
        logger.warn({ err: error }, 'session bookkeeping failed');
      }
    }
    next();
  };
}

/** Signs the user in on a fresh session id (no fixation) and records it in the session list. */
export async function startSession(
  req: Request,
  user: SessionUser,
  registry: SessionRegistry,
): Promise<void> {
  await regenerate(req);
  const now = Date.now();
  const handle = await registry.record(req.sessionID, user.id, {
    device: deviceLabel(req.get('user-agent')),
    ip: clientIp(req),
  });
  req.session.user = user;
  req.session.auth = { handle, created: now, seen: now };
  await save(req);
}

export async function endSession(
  req: Request,
  res: Response,
  registry: SessionRegistry,
): Promise<void> {
  const handle = req.session?.auth?.handle;
  if (handle) await registry.forget(handle);
  if (req.session) {
    await new Promise<void>((resolve, reject) =>
      req.session.destroy((err) => (err ? reject(err) : resolve())),
    );
  }
  res.clearCookie(sessionCookieName(req), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: req.secure,
  });
}
