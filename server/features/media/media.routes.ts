import { whoOf } from '../../http/who';
import { allow } from '../../http/guards';
import { createRouter } from '../../http/router';
import { MediaListQuerySchema } from '#shared/media';
import { sendList } from '../../http/list-response';
import { idParam, queryBy } from '../../http/params';
import type { MediaService } from './media.service';
import { singleImageUpload } from './upload';

/** `/api/media`: the admin's image uploads (the only multipart body of the API). */
export function createMediaRouter({ media, maxBytes }: { media: MediaService; maxBytes: number }) {
  const router = createRouter();
  const upload = singleImageUpload(maxBytes);

  router.post('/', allow('content'), upload, async (req, res) => {
    const file = req.file!;
    const uploaded = { bytes: file.buffer, name: file.originalname, mimeType: file.mimetype };
    res.status(201).json({ data: await media.upload(uploaded, whoOf(req)) });
  });

  router.get('/', allow('content'), async (req, res) => {
    const { page, per_page: perPage } = queryBy(MediaListQuerySchema, req.query);
    if (page === undefined) res.json({ data: await media.list() });
    else sendList(res, await media.page({ page, perPage }));
  });

  router.delete('/:id', allow('content'), async (req, res) => {
    res.json({ data: await media.remove(idParam(req.params.id), whoOf(req)) });
  });

  return router;
}
