import { Router } from 'express';
import { NotFoundError } from '../../errors';
import { allow } from '../../http/guards';
import { requestLanguage } from '../../i18n';
import type { PreviewsService } from './previews.service';

/**
 * `/api/previews/{token}`: the article behind a share link, for anyone who
 * holds it (the preview page in the browser reads it here). Never indexed,
 * never kept by a cache.
 */
export function createPreviewsRouter({ previews }: { previews: PreviewsService }) {
  const router = Router();

  router.get('/:token', allow('anyone'), async (req, res) => {
    res.set({ 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' });
    const article = await previews.article(String(req.params.token), requestLanguage(req));
    if (!article) throw new NotFoundError('apiErrors.previewNotFound');
    res.json({ data: { news: article } });
  });

  return router;
}
