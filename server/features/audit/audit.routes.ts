import { allow } from '../../http/guards';
import { createRouter } from '../../http/router';
import type { AuditService } from './audit.service';

/** `/api/audit`: the audit trail, the `audit` capability, newest first. */
export function createAuditRouter({ audit }: { audit: AuditService }) {
  const router = createRouter();

  router.get('/', allow('audit'), async (req, res) => {
    res.json({ data: await audit.list(req.query) });
  });

  return router;
}
