import { allow } from '../../http/guards';
import { createRouter } from '../../http/router';
import { whoOf } from '../../http/who';
import type { SettingsService } from './settings.service';

/** `/api/settings`: the site's operational settings, one object, for admins. */
export function createSettingsRouter({ settings }: { settings: SettingsService }) {
  const router = createRouter();

  router.get('/', allow('settings'), async (_req, res) => {
    res.json({ data: await settings.current() });
  });

  router.put('/', allow('settings'), async (req, res) => {
    res.json({ data: await settings.update(req.body, whoOf(req)) });
  });

  return router;
}
