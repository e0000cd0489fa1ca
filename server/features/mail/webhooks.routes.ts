import { Router } from 'express';
import { allow } from '../../http/guards';
import type { WebhooksService } from './webhooks.service';

/** `/api/webhooks`: the enquiry webhook's latest calls and their state, for admins. */
export function createWebhooksRouter({ webhooks }: { webhooks: WebhooksService }) {
  const router = Router();
  router.get('/deliveries', allow('settings'), async (_req, res) => {
    res.json({ data: await webhooks.deliveries() });
  });
  return router;
}
