import { allow } from '../../http/guards';
import { createRouter } from '../../http/router';
import type { MailService } from './mail.service';

/** `/api/mail`: what the admin needs to know about e-mail delivery. */
export function createMailRouter({ mail }: { mail: MailService }) {
  const router = createRouter();
  router.get('/status', allow('enquiries'), async (_req, res) => {
    res.json({ data: await mail.status() });
  });
  return router;
}
