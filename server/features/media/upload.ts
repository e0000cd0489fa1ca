import type { RequestHandler } from 'express';
import multer from 'multer';
import { AppError, BadRequestError } from '../../errors';

/** Megabytes as a message shows them: `10 MB`, `2.5 MB`. */
const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

/**
 * The one multipart body the API takes: a single file in the field `file`,
 * held in memory up to `maxBytes` (busboy stops counting there and the rest
 * of the body is drained, never kept), then handed on as `req.file`.
 */
export function singleImageUpload(maxBytes: number): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    defParamCharset: 'utf8',
  }).single('file');

  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      return next(new AppError(415, 'apiErrors.media.multipart'));
    }
    parse(req, res, (error: unknown) => {
      if (error === undefined || error === null) {
        return next(req.file ? undefined : new BadRequestError('apiErrors.media.fileRequired'));
      }
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') {
          return next(
            new AppError(413, 'apiErrors.media.tooLarge').with({ max: megabytes(maxBytes) }),
          );
        }
        return next(new BadRequestError('apiErrors.media.oneFile'));
      }
      // A body that is not the multipart it says it is (no boundary, cut off).
      next(new BadRequestError('apiErrors.media.malformed'));
    });
  };
}
