import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import type { Config } from '../config';
import type { GroupCommit } from '../db/group-commit';
import { isEmbedded, type Db } from '../db/knex';
import { TooManyRequestsError } from '../errors';
import { createLocalCounts } from './rate-limit-counts';
import { DatabaseRateLimitStore } from './rate-limit-store';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** The client's address (IPv6 grouped by /56, so one host cannot hop through its own block). */
export const clientIp = (req: Request) =>
  ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');

const off: RequestHandler = (_req, _res, next) => next();

/**
 * What counts against a credential limit: a refused password or code (401)
 * and a refusal for being over a limit or the hashing queue (429), so a
 * client that keeps trying while refused stays refused. A success or a
 * malformed request (400) gives its hit back.
 */
const onlyRefusals = (_req: Request, res: Response) =>
  res.statusCode !== 401 && res.statusCode !== 429;

const postedUsername = (req: Request) => {
  const body = req.body as { username?: unknown } | undefined;
  const name = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  return name.slice(0, 100);
};

const postedEmail = (req: Request) => {
  const body = req.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
};

/** Refused enquiries allowed per 10 minutes per IP, for each enquiry the contact limit takes. */
export const CONTACT_REFUSALS_PER_ENQUIRY = 6;

/**
 * Reset requests per hour for one address from one network, and from one network whatever the
 * addresses. Never per address alone: anyone could keep its owner's own request refused.
 */
export const PASSWORD_RESETS_PER_ADDRESS = 5;
export const PASSWORD_RESETS_PER_IP = 20;

/**
 * Requests for a new account address per hour per account, whatever each
 * was answered: every one costs a password hash and may e-mail any address.
 */
export const EMAIL_CHANGES_PER_HOUR = 5;

/** Both limiters in turn, as one handler. */
const both =
  (first: RequestHandler, second: RequestHandler): RequestHandler =>
  (req, res, next) =>
    first(req, res, (error?: unknown) => (error ? next(error) : second(req, res, next)));

export type RateLimits = {
  /** Failed sign-ins per hour per IP, whatever the usernames (mount before `login`). */
  loginIp: RequestHandler;
  /** Failed sign-ins per 15 minutes per IP and username (successes never count). */
  login: RequestHandler;
  /** Registrations per hour per IP. */
  register: RequestHandler;
  /** Wrong passwords or codes on the signed-in account's own changes, per user. */
  accountSecret: RequestHandler;
  /** Requests for a new e-mail address per hour per user, every one counted (EMAIL_CHANGES_PER_HOUR). */
  emailChange: RequestHandler;
  /** Wrong second-factor codes at sign-in, per IP and pending user, and per pending user. */
  twoFactor: RequestHandler;
  /**
   * Enquiries taken per 10 minutes per IP, for the API and the no-JavaScript form alike
   * (one refused, for its fields or any other reason, gives its hit back), and refused
   * ones per 10 minutes per IP, CONTACT_REFUSALS_PER_ENQUIRY times as many.
   */
  contact: RequestHandler;
  /**
   * The two halves of `contact`, for the form posted without JavaScript, which
   * checks its origin between them: refused enquiries first (any refusal counts,
   * a foreign Origin too), enquiries taken only once the origin is known good (a
   * foreign post waiting for its page must not hold a visitor's budget).
   */
  contactRefused: RequestHandler;
  contactTaken: RequestHandler;
  /** AI drafts per minute per signed-in admin; mount after the route's `allow(...)` guard. */
  ai: RequestHandler;
  /**
   * Password reset requests per hour per IP, and per IP and address asked
   * for. Keyed on what was asked, never on whether an account has it, so the
   * 429 tells nothing about accounts; never on the address alone, which would
   * let anyone refuse its owner. What one account is sent is bounded by its
   * own budget, answered the same (RESETS_PER_HOUR in recovery.service.ts).
   */
  passwordReset: RequestHandler;
};

/**
 * Every rate limit of the server, built once per app so each counter is
 * shared by all the routes that use it: a visitor who posts the contact form
 * without JavaScript and then calls the API spends one budget, not two.
 * Counters live in the database (`DatabaseRateLimitStore`), so a restart keeps
 * them and several instances on one PostgreSQL share them; on the embedded
 * SQLite they are counted in memory and written behind (decision 018). Every key holds
 * the client's address or account, so a limit on one address never locks out
 * another; none is keyed on a username alone, which would let anyone lock that
 * account out (the second factor's per-account limit is reached only past the
 * password). A limit of 0 turns the contact, registration and AI limits off.
 */
export function createRateLimits(
  config: Pick<Config, 'rateLimit'>,
  db: Db,
  writes: GroupCommit,
): RateLimits {
  const { login, loginIp, register, contact, ai } = config.rateLimit;
  const local = isEmbedded(db) ? createLocalCounts(db, writes) : undefined;

  /** A limiter on its own store prefix that hands a translated 429 to whoever mounted it. */
  const limiter = (name: string, options: Partial<Options> & { limit: number }, key: string) =>
    rateLimit({
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      store: new DatabaseRateLimitStore(db, name, { writes, local }),
      ...options,
      handler: (_req, _res, next) => next(new TooManyRequestsError(key)),
    });

  // Refused enquiries (fields the visitor corrects, a body too large, refusals for the
  // limit itself) have a budget of their own, six times as large: a visitor may correct a
  // form many times, and a client posting junk does not cost the server a validation (and,
  // without JavaScript, a page) without end.
  const contactRefused =
    contact === 0
      ? off
      : limiter(
          'contact-refused',
          {
            windowMs: 10 * MINUTE,
            limit: CONTACT_REFUSALS_PER_ENQUIRY * contact,
            skipSuccessfulRequests: true,
            requestWasSuccessful: (_req, res) => res.statusCode < 400,
            keyGenerator: clientIp,
          },
          'apiErrors.tooManyContacts',
        );
  const contactTaken =
    contact === 0
      ? off
      : limiter(
          'contact',
          {
            windowMs: 10 * MINUTE,
            limit: contact,
            // Only an enquiry taken (201, or the form's 303) keeps its hit: a form refused
            // for an error the visitor then corrects must not use up their network's budget.
            skipFailedRequests: true,
            keyGenerator: clientIp,
          },
          'apiErrors.tooManyContacts',
        );

  return {
    loginIp: limiter(
      'login-ip',
      {
        windowMs: HOUR,
        limit: loginIp,
        skipSuccessfulRequests: true,
        requestWasSuccessful: onlyRefusals,
        keyGenerator: clientIp,
      },
      'apiErrors.tooManyLoginsFromNetwork',
    ),
    login: limiter(
      'login',
      {
        windowMs: 15 * MINUTE,
        limit: login,
        skipSuccessfulRequests: true,
        requestWasSuccessful: onlyRefusals,
        keyGenerator: (req) => `${clientIp(req)}|${postedUsername(req)}`,
      },
      'apiErrors.tooManyLogins',
    ),
    register:
      register === 0
        ? off
        : limiter(
            'register',
            { windowMs: HOUR, limit: register, keyGenerator: clientIp },
            'apiErrors.tooManyRegistrations',
          ),
    accountSecret: limiter(
      'account-secret',
      {
        windowMs: 15 * MINUTE,
        limit: login,
        skipSuccessfulRequests: true,
        requestWasSuccessful: onlyRefusals,
        keyGenerator: (req) => `user:${req.session?.user?.id ?? clientIp(req)}`,
      },
      'apiErrors.tooManySecretAttempts',
    ),
    emailChange: limiter(
      'email-change',
      {
        windowMs: HOUR,
        limit: EMAIL_CHANGES_PER_HOUR,
        keyGenerator: (req) => `user:${req.session?.user?.id ?? clientIp(req)}`,
      },
      'apiErrors.tooManyEmailChanges',
    ),
    // Per address and account, and per account whatever the address: whoever knows the
    // password cannot try more codes by spreading them over addresses.
    twoFactor: both(
      limiter(
        'two-factor',
        {
          windowMs: 15 * MINUTE,
          limit: login,
          skipSuccessfulRequests: true,
          requestWasSuccessful: onlyRefusals,
          keyGenerator: (req) => `${clientIp(req)}|${req.session?.pendingTwoFactor?.userId ?? ''}`,
        },
        'apiErrors.tooManySecretAttempts',
      ),
      limiter(
        'two-factor-account',
        {
          windowMs: 15 * MINUTE,
          limit: login,
          skipSuccessfulRequests: true,
          requestWasSuccessful: onlyRefusals,
          skip: (req) => req.session?.pendingTwoFactor === undefined,
          keyGenerator: (req) => `user:${req.session!.pendingTwoFactor!.userId}`,
        },
        'apiErrors.tooManySecretAttempts',
      ),
    ),
    contact: both(contactRefused, contactTaken),
    contactRefused,
    contactTaken,
    passwordReset: both(
      limiter(
        'reset-ip',
        { windowMs: HOUR, limit: PASSWORD_RESETS_PER_IP, keyGenerator: clientIp },
        'apiErrors.tooManyResets',
      ),
      limiter(
        'reset-address',
        {
          windowMs: HOUR,
          limit: PASSWORD_RESETS_PER_ADDRESS,
          keyGenerator: (req) => `${clientIp(req)}|address:${postedEmail(req)}`,
        },
        'apiErrors.tooManyResets',
      ),
    ),
    // Keyed by the admin's id, so admins behind one proxy do not share a budget.
    ai:
      ai === 0
        ? off
        : limiter(
            'ai',
            {
              windowMs: MINUTE,
              limit: ai,
              standardHeaders: 'draft-8',
              keyGenerator: (req) => `admin:${req.session.user?.id ?? 'anonymous'}`,
            },
            'llm.errors.tooManyRequests',
          ),
  };
}
