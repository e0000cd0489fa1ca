import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { DOCUMENT_TYPE, isMediaFileName, UPLOAD_PATH } from '#shared/media';
import type { MediaService } from './media.service';
import { createRouter } from '../../http/router';
import { makeRoomForPipeline } from '../../http/stream-response';

const YEAR_SECONDS = 31_536_000;

/**
 * `/media/{id}/{file}`: the stored files of uploads. Names carry a hash of
 * the upload, so they never change content and are cached for a year. The
 * type sent is the one stored for the file (an image, video or PDF type,
 * never HTML), with `nosniff`, a CSP that lets nothing run, and no
 * same-origin restriction (feed readers and shared links show the images).
 * A PDF goes out as a download under its uploaded name. One byte range
 * (`Range: bytes=…`, what video players ask for) answers 206 with that part,
 * read from the store a piece at a time. Any other address in an upload's
 * folder (`/media/{digits}/…`: a name without a file, a name of another
 * form, a deeper path) is a plain 404, never a page: the page cache leaves
 * these addresses to this router, outside its gate for misses. Anything
 * else under `/media/` (the site's own files) is left to the next handler.
 */
export function createMediaFilesRouter({ media }: { media: MediaService }) {
  const router = createRouter();

  router.get('/media/:id/:name', async (req, res, next) => {
    const { id, name } = req.params;
    if (!/^\d{1,9}$/.test(id)) return next();
    const file = isMediaFileName(name) ? await media.file(Number(id), name) : null;
    if (!file) return notFound(res);
    const { size } = file.stored;
    const ranges = req.headers.range ? req.range(size, { combine: true }) : undefined;
    if (ranges === -1) {
      res.status(416).set('Content-Range', `bytes */${size}`).end();
      return;
    }
    const range =
      Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1
        ? ranges[0]
        : undefined;
    // A document is a download under its own name (Express writes the header's encoded forms).
    if (file.type === DOCUMENT_TYPE) res.attachment(file.upload);
    else res.set('Content-Disposition', 'inline');
    res.status(range ? 206 : 200).set({
      'Content-Type': file.type,
      'Content-Length': String(range ? range.end - range.start + 1 : size),
      'Accept-Ranges': 'bytes',
      'Cache-Control': `public, max-age=${YEAR_SECONDS}, immutable`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    if (range) res.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    makeRoomForPipeline(res);
    await pipeline(file.stored.read(range), res).catch(() => {
      // The visitor went away mid-file (a video player seeking does): nothing to answer.
      res.destroy();
    });
  });

  router.get(UPLOAD_PATH, (_req, res) => notFound(res));

  return router;
}

function notFound(res: Response): void {
  res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
}
