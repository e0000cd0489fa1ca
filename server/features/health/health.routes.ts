import type { DbHealth } from '../../db/db-health';
import type { Logger } from '../../logger';
import { createRouter } from '../../http/router';

/**
 * `GET /healthz`: 200 `{status:'ok'}` while the database reads and writes;
 * 200 `{status:'degraded'}` while it reads but writes fail (busy, disk full,
 * read-only), naming the failing side; 503 `{status:'unavailable'}` only
 * when it cannot be read.
 */
export function createHealthRouter({ health, logger }: { health: DbHealth; logger: Logger }) {
  const router = createRouter();
  router.get('/healthz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    const database = await health.report();
    if (database.read !== 'ok') {
      logger.error({ database }, 'health check: database cannot be read');
      res.status(503).json({ status: 'unavailable', error: 'Database unavailable', database });
      return;
    }
    res.json({ status: database.write === 'ok' ? 'ok' : 'degraded', database });
  });
  return router;
}
