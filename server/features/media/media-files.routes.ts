import { isMediaFileName } from '#shared/media';
import type { MediaService } from './media.service';
import { createRouter } from '../../http/router';

const YEAR_SECONDS = 31_536_000;

/**
 * `/media/{id}/{file}`: the stored files of uploads. Names carry a hash of
 * the upload, so they never change content and are cached for a year. The
 * type sent is the one stored for the file (always one of four image types,
 * never HTML), with `nosniff`, a CSP that lets nothing run, and no
 * same-origin restriction (feed readers and shared links show the images).
 * A well-formed name without a file is a plain 404; anything else under
 * `/media/` (the site's own files) is left to the next handler.
 */
export function createMediaFilesRouter({ media }: { media: MediaService }) {
  const router = createRouter();

  router.get('/media/:id/:name', async (req, res, next) => {
    const { id, name } = req.params;
    if (!/^\d{1,9}$/.test(id) || !isMediaFileName(name)) return next();
    const file = await media.file(Number(id), name);
    if (!file) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
      return;
    }
    res
      .status(200)
      .set({
        'Content-Type': file.type,
        'Content-Length': String(file.data.length),
        'Cache-Control': `public, max-age=${YEAR_SECONDS}, immutable`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'Content-Disposition': 'inline',
      })
      .end(req.method === 'HEAD' ? undefined : file.data);
  });

  return router;
}
