import { Router } from 'express';
import { requestWho } from '../../http/audit-trail';
import { allow } from '../../http/guards';
import type { SettingsService } from './settings.service';

/** `/api/settings`: the site's operational settings, one object, for admins. */
export function createSettingsRouter({ settings }: { settings: SettingsService }) {
  const router = Router();

  router.get('/', allow('settings'), async (_req, res) => {
    res.json({ data: await settings.current() });
  });

  router.put('/', allow('settings'), async (req, res) => {
    res.json({ data: await settings.update(req.body, requestWho(req)) });
  });

  return router;
}
