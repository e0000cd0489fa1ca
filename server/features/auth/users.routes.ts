import type { Request } from 'express';
import { createRouter } from '../../http/router';
import { whoOf } from '../../http/who';
import { allow } from '../../http/guards';
import { idParam } from '../../http/params';
import type { PublicOrigin } from '../../http/public-origin';
import { requestLanguage } from '../../i18n';
import type { InvitationsService, LinkContext } from './invitations.service';
import type { StaffService } from './staff.service';
import type { TwoFactorService } from './two-factor.service';

export type UsersRouteDeps = {
  staff: StaffService;
  invitations: InvitationsService;
  twoFactor: TwoFactorService;
  /** The site's address for the links e-mails carry (PUBLIC_URL, else the request's own). */
  origin: PublicOrigin;
};

/** Where and in which language this request's links go out, and who sends them. */
export const linkContext = (req: Request, origin: PublicOrigin): LinkContext => ({
  origin: origin.of(req),
  language: requestLanguage(req),
  who: whoOf(req),
});

/**
 * `/api/users`: accounts, their two-factor resets and invitations (admins),
 * and the active staff (any staff).
 */
export function createUsersRouter({ staff, invitations, twoFactor, origin }: UsersRouteDeps) {
  const router = createRouter();

  router.get('/', allow('users'), async (_req, res) => {
    res.json({ data: await staff.list() });
  });

  router.get('/staff', allow('staff'), async (_req, res) => {
    res.json({ data: await staff.staff() });
  });

  router.get('/invitations', allow('users'), async (_req, res) => {
    res.json({ data: await invitations.list() });
  });

  router.post('/invitations', allow('users'), async (req, res) => {
    res.status(201).json({ data: await invitations.invite(req.body, linkContext(req, origin)) });
  });

  router.post('/invitations/:id/resend', allow('users'), async (req, res) => {
    const id = idParam(req.params.id);
    res.json({ data: await invitations.resend(id, linkContext(req, origin)) });
  });

  router.delete('/invitations/:id', allow('users'), async (req, res) => {
    res.json({ data: await invitations.withdraw(idParam(req.params.id), whoOf(req)) });
  });

  router.put('/:id', allow('users'), async (req, res) => {
    res.json({ data: await staff.update(idParam(req.params.id), req.body, whoOf(req)) });
  });

  // The colleague is told in their account's language (else the admin's), the sign-in page too.
  router.post('/:id/2fa/reset', allow('users'), async (req, res) => {
    const id = idParam(req.params.id);
    const ctx = linkContext(req, origin);
    const language = (await staff.languageOf(id)) ?? ctx.language;
    res.json({ data: await twoFactor.resetFor(id, { ...ctx, language }) });
  });

  router.delete('/:id', allow('users'), async (req, res) => {
    res.json({ data: await staff.remove(idParam(req.params.id), whoOf(req)) });
  });

  return router;
}
