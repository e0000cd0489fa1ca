import { rm } from 'node:fs/promises';
import { whoOf } from '../../http/who';
import { allow } from '../../http/guards';
import { createRouter } from '../../http/router';
import { MediaListQuerySchema } from '#shared/media-list';
import { sendList } from '../../http/list-response';
import { idParam, queryBy } from '../../http/params';
import type { MediaService } from './media.service';
import { singleUpload, type ReceivedUpload, type UploadLimits } from './upload';

/**
 * `/api/media`: the admin's uploads (the only multipart body of the API):
 * pictures, PDF documents and videos; and the home page's hero.
 */
export function createMediaRouter({
  media,
  limits,
  tempDir,
}: {
  media: MediaService;
  limits: UploadLimits;
  /** Where uploads are received before they are checked and stored. */
  tempDir: string;
}) {
  const router = createRouter();
  const upload = singleUpload(limits, tempDir);

  router.post('/', allow('content'), upload, async (req, res) => {
    const file = req.file as unknown as ReceivedUpload;
    try {
      const received = {
        path: file.path,
        name: file.originalname,
        mimeType: file.mimetype,
        type: file.uploadType,
        bytes: file.size,
      };
      res.status(201).json({ data: await media.upload(received, whoOf(req)) });
    } finally {
      await rm(file.path, { force: true });
    }
  });

  router.get('/', allow('content'), async (req, res) => {
    const { page, per_page: perPage, kind } = queryBy(MediaListQuerySchema, req.query);
    if (page === undefined) res.json({ data: await media.list() });
    else sendList(res, await media.page({ page, perPage, kind }));
  });

  // What the upload form says it takes.
  router.get('/limits', allow('content'), (_req, res) => {
    res.json({ data: limits });
  });

  // The hero as the site shows it: public (the home page reads it on a client-side visit).
  router.get('/hero', allow('anyone'), async (_req, res) => {
    res.json({ data: await media.hero() });
  });

  router.put('/hero', allow('content'), async (req, res) => {
    res.json({ data: await media.setHero(req.body, whoOf(req)) });
  });

  router.delete('/:id', allow('content'), async (req, res) => {
    res.json({ data: await media.remove(idParam(req.params.id), whoOf(req)) });
  });

  return router;
}
