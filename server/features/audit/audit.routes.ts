import { Router } from 'express';
import { requireAdmin } from '../../http/guards';
import type { AuditService } from './audit.service';

/** `/api/audit`: the audit trail, admins only, newest first. */
export function createAuditRouter({ audit }: { audit: AuditService }) {
  const router = Router();

  router.get('/', requireAdmin, async (req, res) => {
    res.json({ data: await audit.list(req.query) });
  });

  return router;
}
