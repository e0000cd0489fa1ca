import { NotFoundError } from '../../errors';
import { accountOf, whoOf } from '../../http/who';
import { allow } from '../../http/guards';
import { createRouter } from '../../http/router';
import { endSession } from '../../http/sessions';
import type { AuthRouteDeps } from './auth.routes';
import { whenHashingFree } from './hashing-admission';

/**
 * `/api/auth/sessions` and `/api/auth/2fa`: the signed-in user's own
 * sessions (list, end one, "sign out everywhere else") and two-factor
 * sign-in (its state, set up, enable, disable, move to a new device, new
 * recovery codes). Password and code checks are rate limited per account.
 */
export function createAccountRouter({ twoFactor, registry, audit, limits }: AuthRouteDeps) {
  const router = createRouter();
  const signedIn = allow('signed-in');

  router.get('/sessions', signedIn, async (req, res) => {
    const { id } = accountOf(whoOf(req));
    res.json({ data: await registry.list(id, req.session.auth?.handle) });
  });

  router.delete('/sessions/others', signedIn, async (req, res) => {
    const who = whoOf(req);
    const { id } = accountOf(who);
    const ended = await registry.endOthers(id, req.session.auth?.handle);
    await audit.record(who, {
      action: 'account.other_sessions_ended',
      target_type: 'user',
      target_id: id,
      summary: String(ended),
    });
    res.json({ data: { ended } });
  });

  router.delete('/sessions/:id', signedIn, async (req, res) => {
    const handle = String(req.params.id);
    const who = whoOf(req);
    if (handle === req.session.auth?.handle) {
      await endSession(req, res, registry);
    } else if (!(await registry.endOne(accountOf(who).id, handle))) {
      throw new NotFoundError('apiErrors.sessionNotFound');
    }
    await audit.record(who, { action: 'account.session_ended', target_type: 'session' });
    res.json({ data: { id: handle } });
  });

  router.get('/2fa', signedIn, async (req, res) => {
    const { id } = accountOf(whoOf(req));
    res.json({ data: await twoFactor.status(id, req.session.twoFactorMove) });
  });

  router.post('/2fa/setup', signedIn, limits.accountSecret, whenHashingFree, async (req, res) => {
    const who = whoOf(req);
    res.json({ data: await twoFactor.setup(accountOf(who).id, req.body, who) });
  });

  router.post('/2fa/enable', signedIn, limits.accountSecret, async (req, res) => {
    const who = whoOf(req);
    const codes = await twoFactor.enable(accountOf(who).id, req.body, who);
    res.json({ data: { recovery_codes: codes } });
  });

  router.post('/2fa/disable', signedIn, limits.accountSecret, whenHashingFree, async (req, res) => {
    const who = whoOf(req);
    await twoFactor.disable(accountOf(who).id, req.body, who);
    res.json({ data: { two_factor_enabled: false } });
  });

  router.post('/2fa/move', signedIn, limits.accountSecret, whenHashingFree, async (req, res) => {
    const who = whoOf(req);
    const { setup, started } = await twoFactor.startMove(
      accountOf(who).id,
      req.body,
      who,
      req.session.twoFactorMove,
    );
    req.session.twoFactorMove = started;
    res.json({ data: setup });
  });

  router.post('/2fa/move/confirm', signedIn, limits.accountSecret, async (req, res) => {
    const who = whoOf(req);
    const { id } = accountOf(who);
    const codes = await twoFactor.confirmMove(id, req.body, who);
    delete req.session.twoFactorMove;
    // The lost phone may still hold a session: only this one stays signed in.
    await registry.endOthers(id, req.session.auth?.handle);
    res.json({ data: { recovery_codes: codes } });
  });

  router.post(
    '/2fa/recovery-codes',
    signedIn,
    limits.accountSecret,
    whenHashingFree,
    async (req, res) => {
      const who = whoOf(req);
      const codes = await twoFactor.renewRecoveryCodes(accountOf(who).id, req.body, who);
      res.json({ data: { recovery_codes: codes } });
    },
  );

  return router;
}
