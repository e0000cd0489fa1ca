import { allow } from '../../http/guards';
import { createRouter } from '../../http/router';
import type { WebhooksService } from './webhooks.service';

/** `/api/webhooks`: the enquiry webhook's latest calls and their state, for admins. */
export function createWebhooksRouter({ webhooks }: { webhooks: WebhooksService }) {
  const router = createRouter();
  router.get('/deliveries', allow('settings'), async (_req, res) => {
    res.json({ data: await webhooks.deliveries() });
  });
  return router;
}
