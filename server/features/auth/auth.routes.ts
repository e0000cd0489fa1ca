import { Router, type RequestHandler } from 'express';
import { requireAuth } from '../../http/guards';
import { endSession, SESSION_COOKIE, startSession } from '../../http/sessions';
import { publicUser, type AuthService } from './auth.service';

/** `/api/auth`: sign-in, registration, profile and sign-out. */
export function createAuthRouter(deps: { auth: AuthService; loginLimit: RequestHandler }) {
  const { auth, loginLimit } = deps;
  const router = Router();

  router.post('/login', loginLimit, async (req, res) => {
    const user = await auth.login(req.body);
    await startSession(req, user);
    res.json({ data: { user: publicUser(user) } });
  });

  router.post('/register', async (req, res) => {
    const user = await auth.register(req.body);
    await startSession(req, user);
    res.status(201).json({ data: { user: publicUser(user) } });
  });

  router.get('/profile', requireAuth, async (req, res) => {
    const user = await auth.current(req.session.user!.id);
    res.json({ data: { user: publicUser(user) } });
  });

  router.put('/profile', requireAuth, async (req, res) => {
    const user = await auth.updateProfile(req.session.user!.id, req.body);
    req.session.user = user;
    res.json({ data: { user: publicUser(user) } });
  });

  router.post('/logout', async (req, res) => {
    await endSession(req);
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/' });
    res.json({ data: { ok: true } });
  });

  return router;
}
