import type { RequestHandler } from 'express';
import type { PublicOrigin } from '../../http/public-origin';
import { createRouter } from '../../http/router';
import { accountOf, whoOf } from '../../http/who';
import { allow } from '../../http/guards';
import { startSession } from '../../http/sessions';
import { publicUser, type AuthService } from './auth.service';
import type { InvitationsService } from './invitations.service';
import { whenHashingFree } from './hashing-admission';
import type { RecoveryService } from './recovery.service';
import type { SessionRegistry } from './session-registry';
import { linkContext } from './users.routes';

export type AccountLinksRouteDeps = {
  /** Records the sign-in an accepted invitation starts, as every sign-in is recorded. */
  auth: Pick<AuthService, 'recordSignIn'>;
  invitations: InvitationsService;
  recovery: RecoveryService;
  registry: SessionRegistry;
  /** The site's address for the links e-mails carry. */
  origin: PublicOrigin;
  limits: {
    passwordReset: RequestHandler;
    accountSecret: RequestHandler;
    emailChange: RequestHandler;
  };
};

/**
 * `/api/auth/…` calls behind the links the site e-mails: accepting an
 * invitation (signs the new account in, recorded as any sign-in: its last
 * sign-in and an `auth.login` entry), a forgotten password and its new
 * password, and a new e-mail address and its confirmation. The `check`
 * calls say whether a link still works, so its page can tell at once
 * instead of after the form; they use nothing up. A link's token
 * travels in the body, never in a URL the logs would keep.
 */
export function createAccountLinksRouter(deps: AccountLinksRouteDeps) {
  const { auth, invitations, recovery, registry, origin, limits } = deps;
  const router = createRouter();

  router.post('/invitation/check', allow('anyone'), async (req, res) => {
    res.json({ data: await invitations.preview(req.body) });
  });

  router.post('/invitation/accept', allow('anyone'), whenHashingFree, async (req, res) => {
    const user = await invitations.accept(req.body, whoOf(req));
    await startSession(req, user, registry);
    await auth.recordSignIn(user, whoOf(req), 'by invitation');
    res.status(201).json({ data: { user: publicUser(user) } });
  });

  router.post('/password-reset', allow('anyone'), limits.passwordReset, (req, res) => {
    // Anyone may ask, with any Host: the link never names a host the asker chose.
    recovery.requestReset(req.body, {
      ...linkContext(req, origin),
      origin: origin.ofAskedByAnyone(req),
    });
    res.json({ data: { ok: true } });
  });

  router.post('/password-reset/check', allow('anyone'), async (req, res) => {
    res.json({ data: await recovery.checkReset(req.body) });
  });

  router.post('/password-reset/confirm', allow('anyone'), whenHashingFree, async (req, res) => {
    await recovery.resetPassword(req.body, whoOf(req));
    res.json({ data: { ok: true } });
  });

  // A password check and perhaps an e-mail to any address: limited per account, every request.
  router.post(
    '/email',
    allow('signed-in'),
    limits.accountSecret,
    limits.emailChange,
    whenHashingFree,
    async (req, res) => {
      const userId = accountOf(whoOf(req)).id;
      res.json({ data: await recovery.requestEmail(userId, req.body, linkContext(req, origin)) });
    },
  );

  router.post('/email/confirm', allow('anyone'), async (req, res) => {
    res.json({ data: await recovery.confirmEmail(req.body, whoOf(req)) });
  });

  return router;
}
