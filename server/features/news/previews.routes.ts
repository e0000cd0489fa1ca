import { NotFoundError } from '../../errors';
import { allow } from '../../http/guards';
import { requestLanguage } from '../../i18n';
import type { PreviewsService } from './previews.service';
import { createRouter } from '../../http/router';

/**
 * `/api/previews/{token}`: the article (`{news}`) or page (`{page}`) behind a share link, for anyone who
 * holds it (the preview page in the browser reads it here). Never indexed,
 * never kept by a cache.
 */
export function createPreviewsRouter({ previews }: { previews: PreviewsService }) {
  const router = createRouter();

  router.get('/:token', allow('anyone'), async (req, res) => {
    res.set({ 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' });
    const shown = await previews.document(String(req.params.token), requestLanguage(req));
    if (!shown) throw new NotFoundError('apiErrors.previewNotFound');
    res.json({ data: shown });
  });

  return router;
}
