import { allow } from '../../http/guards';
import { createRouter } from '../../http/router';
import { translator, requestLanguage } from '../../i18n';
import type { AnalyticsService } from './analytics.service';

/**
 * `/api/analytics`: the report for the admin (admin, editor), and the
 * in-site navigation's report of a page it showed (anyone; answered the same
 * whether it was counted or not).
 */
export function createAnalyticsRouter({ analytics }: { analytics: AnalyticsService }) {
  const router = createRouter();

  router.get('/', allow('analytics'), async (req, res) => {
    res.json({ data: await analytics.report(req.query, translator(requestLanguage(req))) });
  });

  router.post('/views', allow('anyone'), (req, res) => {
    analytics.countNavigation(req.body, req);
    res.status(202).json({ data: { ok: true } });
  });

  return router;
}
