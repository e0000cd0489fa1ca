import { Router } from 'express';
import type { Db } from '../../db/knex';
import type { Logger } from '../../logger';

/** `GET /healthz`: 200 while the database answers, 503 otherwise. */
export function createHealthRouter({ db, logger }: { db: Db; logger: Logger }) {
  const router = Router();
  router.get('/healthz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await db.raw('select 1');
      res.json({ status: 'ok' });
    } catch (error) {
      logger.error({ err: error }, 'health check: database did not answer');
      res.status(503).json({ status: 'unavailable', error: 'Database unavailable' });
    }
  });
  return router;
}
