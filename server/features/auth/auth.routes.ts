import type { RequestHandler } from 'express';
import { allow } from '../../http/guards';
import { createRouter } from '../../http/router';
import { accountOf, whoOf } from '../../http/who';
import type { RateLimits } from '../../http/rate-limits';
import { endSession, startSession } from '../../http/sessions';
import { UnauthorizedError } from '../../errors';
import type { AuditRecorder } from '../../audit-recorder';
import { publicUser, type AuthService } from './auth.service';
import { whenHashingFree } from './hashing-admission';
import type { SessionRegistry } from './session-registry';
import type { TwoFactorService } from './two-factor.service';

/** How long a password accepted at sign-in waits for its second factor. */
export const TWO_FACTOR_PENDING_MS = 5 * 60 * 1000;

export type AuthRouteDeps = {
  auth: AuthService;
  twoFactor: TwoFactorService;
  registry: SessionRegistry;
  audit: AuditRecorder;
  limits: RateLimits;
};

/** `/api/auth`: sign-in (with its second step), registration, profile and sign-out. */
export function createAuthRouter({ auth, twoFactor, registry, audit, limits }: AuthRouteDeps) {
  const router = createRouter();

  router.post(
    '/login',
    allow('anyone'),
    // The address's limits first: a flood is refused (and counted) before it reaches the hashing.
    limits.loginIp,
    limits.login,
    whenHashingFree,
    async (req, res) => {
      const { user, twoFactor: needsCode } = await auth.login(req.body, whoOf(req));
      if (needsCode) {
        req.session.pendingTwoFactor = { userId: user.id, at: Date.now() };
        res.json({ data: { two_factor_required: true } });
        return;
      }
      await startSession(req, user, registry);
      res.json({ data: { user: publicUser(user) } });
    },
  );

  /**
   * The second step's pending sign-in, or 401 "expired" (no password step,
   * over 5 minutes ago, or the account's key was reset since): the sign-in
   * page goes back to the password. Checked before the code limits: an
   * expired answer is no guess at a code and counts toward none of them.
   */
  const pendingSignIn: RequestHandler = async (req, _res, next) => {
    const pending = req.session.pendingTwoFactor;
    if (
      pending &&
      Date.now() - pending.at <= TWO_FACTOR_PENDING_MS &&
      (await twoFactor.enabled(pending.userId))
    ) {
      return next();
    }
    delete req.session.pendingTwoFactor;
    throw new UnauthorizedError('apiErrors.twoFactorExpired');
  };

  router.post('/login/2fa', allow('anyone'), pendingSignIn, limits.twoFactor, async (req, res) => {
    const pending = req.session.pendingTwoFactor!;
    await twoFactor.verifySignIn(pending.userId, req.body, whoOf(req));
    const user = await auth.sessionUser(pending.userId);
    if (!user) throw new UnauthorizedError('apiErrors.authRequired');
    await startSession(req, user, registry);
    await auth.recordSignIn(user, whoOf(req), 'with second factor');
    res.json({ data: { user: publicUser(user) } });
  });

  router.post('/register', allow('anyone'), limits.register, whenHashingFree, async (req, res) => {
    const user = await auth.register(req.body, whoOf(req));
    await startSession(req, user, registry);
    await auth.recordSignIn(user, whoOf(req), 'on registration');
    res.status(201).json({ data: { user: publicUser(user) } });
  });

  router.get('/profile', allow('signed-in'), async (req, res) => {
    const { two_factor_enabled, email, pending_email, startup_account, ...user } =
      await auth.current(accountOf(whoOf(req)).id);
    const two_factor_setup_required = user.two_factor_due === true;
    res.json({
      data: {
        user: publicUser(user),
        two_factor_enabled,
        two_factor_setup_required,
        email,
        pending_email,
        ...(startup_account && { startup_account }),
      },
    });
  });

  // A new password rotates this session's id and ends every other session of the account.
  router.put(
    '/profile',
    allow('signed-in'),
    limits.accountSecret,
    whenHashingFree,
    async (req, res) => {
      const who = whoOf(req);
      const { user, passwordChanged } = await auth.updateProfile(accountOf(who).id, req.body, who);
      if (passwordChanged) {
        await startSession(req, user, registry);
        await registry.endOthers(user.id, req.session.auth?.handle);
      } else {
        req.session.user = user;
      }
      res.json({ data: { user: publicUser(user) } });
    },
  );

  router.post('/logout', allow('anyone'), async (req, res) => {
    const who = whoOf(req);
    if (who.actor) await audit.record(who, { action: 'auth.logout' });
    await endSession(req, res, registry);
    res.json({ data: { ok: true } });
  });

  return router;
}
