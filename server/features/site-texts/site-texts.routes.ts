import { isLanguage } from '#shared/languages';
import { NotFoundError } from '../../errors';
import { SiteTextsPreviewSchema } from '#shared/site-texts';
import { allow } from '../../http/guards';
import type { PublicOrigin } from '../../http/public-origin';
import { publicQuery, readsQuery } from '../../http/public-query';
import { createRouter } from '../../http/router';
import { whoOf } from '../../http/who';
import type { TextsPreview } from '../../site/texts-preview';
import { parseInput } from '../../validation';
import type { SiteTextsService } from './site-texts.service';

/**
 * `/api/site`: the company's site texts for the staff who edit content, and
 * each language's public catalogue (with them in place) for the site.
 */
export function createSiteTextsRouter({
  texts,
  preview,
  origin,
}: {
  texts: SiteTextsService;
  /** Renders a public page with given texts (server/site/texts-preview.ts). */
  preview: TextsPreview;
  /** The site's address for the preview's links. */
  origin: PublicOrigin;
}) {
  const router = createRouter();

  router.get('/texts', allow('content'), async (_req, res) => {
    res.json({ data: await texts.list() });
  });

  router.put('/texts', allow('content'), async (req, res) => {
    res.json({ data: await texts.update(req.body, whoOf(req)) });
  });

  // The page as it would look with unsaved texts: a POST, so it never counts as a content write.
  router.post('/preview', allow('content'), async (req, res) => {
    const { path, language, values } = parseInput(SiteTextsPreviewSchema, req.body);
    const html = await preview({
      path,
      language,
      texts: await texts.draft(values),
      origin: origin.of(req),
    });
    res.json({ data: { html } });
  });

  // Kept by the page cache under its path (and `lang`, declared for every route).
  router.get(
    '/catalogue/:language',
    allow('anyone'),
    readsQuery(publicQuery()),
    async (req, res) => {
      const { language } = req.params;
      if (!isLanguage(language)) throw new NotFoundError();
      const snapshot = await texts.snapshot();
      if (snapshot.stale) res.locals.noPageCache = true;
      res.json({ data: snapshot.page(language).catalogues[language] });
    },
  );

  return router;
}
