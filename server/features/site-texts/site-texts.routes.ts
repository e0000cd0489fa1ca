import { Router } from 'express';
import { isLanguage } from '#shared/languages';
import { NotFoundError } from '../../errors';
import { actorOf } from '../../http/actor';
import { allow } from '../../http/guards';
import type { SiteTextsService } from './site-texts.service';

/**
 * `/api/site`: the company's site texts for the staff who edit content, and
 * each language's public catalogue (with them in place) for the site.
 */
export function createSiteTextsRouter({ texts }: { texts: SiteTextsService }) {
  const router = Router();

  router.get('/texts', allow('content'), async (_req, res) => {
    res.json({ data: await texts.list() });
  });

  router.put('/texts', allow('content'), async (req, res) => {
    res.json({ data: await texts.update(req.body, actorOf(req)) });
  });

  router.get('/catalogue/:language', allow('anyone'), async (req, res) => {
    const { language } = req.params;
    if (!isLanguage(language)) throw new NotFoundError();
    const snapshot = await texts.snapshot();
    res.json({ data: snapshot.page(language).catalogues[language] });
  });

  return router;
}
