import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished, Transform, type TransformCallback } from 'node:stream';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { uploadKind, type UploadKind, type UploadType } from '#shared/media';
import { AppError, BadRequestError } from '../../errors';
import { looksLikeSvg } from './image-type';
import { SNIFF_BYTES, sniffUpload } from './upload-type';

/** The largest file of each kind (MEDIA_MAX_BYTES, MEDIA_MAX_DOCUMENT_BYTES, MEDIA_MAX_VIDEO_BYTES). */
export type UploadLimits = Record<UploadKind, number>;

/** `req.file` once received: the file on disk, what its first bytes say it is, its size. */
export type ReceivedUpload = {
  path: string;
  originalname: string;
  mimetype: string;
  size: number;
  uploadType: UploadType;
};

/** Megabytes as a message shows them: `10 MB`, `2.5 MB`. */
const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

const TOO_LARGE: Record<UploadKind, string> = {
  image: 'apiErrors.media.tooLarge',
  document: 'apiErrors.media.documentTooLarge',
  video: 'apiErrors.media.videoTooLarge',
};

const tooLarge = (kind: UploadKind, max: number) =>
  new AppError(413, TOO_LARGE[kind]).with({ max: megabytes(max) });

/**
 * Lets a file through while it is what it says at its start and within the
 * limit of its kind: the first bytes decide the type (415 for anything the
 * library does not take, before more is stored), then every byte counts
 * against that kind's limit (413 as soon as it is passed).
 */
class UploadGate extends Transform {
  type: UploadType | null = null;
  bytes = 0;
  private head: Buffer[] = [];
  private max = Infinity;
  private kind: UploadKind = 'image';
  constructor(private readonly limits: UploadLimits) {
    super();
  }

  private decide(): AppError | null {
    const head = Buffer.concat(this.head);
    this.type = sniffUpload(head);
    if (!this.type) {
      return new AppError(
        415,
        looksLikeSvg(head) ? 'apiErrors.media.svg' : 'apiErrors.media.unsupported',
      );
    }
    this.kind = uploadKind(this.type);
    this.max = this.limits[this.kind];
    this.push(head);
    this.head = [];
    return this.bytes > this.max ? tooLarge(this.kind, this.max) : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.type === null) {
      this.head.push(chunk);
      if (this.bytes < SNIFF_BYTES) return done();
      return done(this.decide());
    }
    if (this.bytes > this.max) return done(tooLarge(this.kind, this.max));
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.type === null ? this.decide() : null);
  }
}

/**
 * The server could not keep a file it was receiving (its folder, its disk):
 * the server's fault, a 500 that is logged, never "a malformed upload".
 */
class ReceiveError extends Error {
  constructor(override readonly cause: unknown) {
    super('an upload could not be stored while it was received');
  }
}

/** Destroys a file's write stream and resolves once its file is closed (or was never opened). */
function closed(out: WriteStream | undefined): Promise<void> {
  if (!out || out.closed) return Promise.resolve();
  return new Promise((resolve) => {
    out.once('close', () => resolve());
    out.destroy();
  });
}

/**
 * A multer storage engine writing the file to `dir` through the gate: never
 * more than a stream's buffer of it in memory, whatever its size. The file is
 * opened once its folder exists (on a fresh DATA_DIR the first upload makes it).
 * Whatever ends it early (a refusal, the disk, the request cut off) closes the
 * file and removes it before the engine calls back.
 */
function gatedDiskStorage(dir: string, limits: UploadLimits): multer.StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const target = path.join(dir, `${process.pid}-${randomBytes(8).toString('hex')}.upload`);
      const gate = new UploadGate(limits);
      let out: WriteStream | undefined;
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        // The rest of the file is read and dropped, so the answer can go out.
        file.stream.unpipe(gate);
        file.stream.resume();
        // The file is removed once its stream has closed: one still opening
        // would otherwise create it after the removal, and it would stay.
        void closed(out)
          .then(() => rm(target, { force: true }))
          // Nothing may be there to remove (its folder could not be made).
          .catch(() => undefined)
          .then(() => callback(error));
      };
      gate.on('error', fail);
      // A request cut off mid-file (a tab closed, the network gone): busboy
      // destroys the file's stream, and pipe() passes that on to nothing, so
      // the gate would wait for the rest forever with the file open.
      finished(file.stream, (error) => {
        if (error) gate.destroy(error);
      });
      mkdir(dir, { recursive: true }).then(
        () => {
          // Cut off while its folder was being made: nothing to open.
          if (settled) return;
          out = createWriteStream(target);
          out.on('error', (error) => fail(new ReceiveError(error)));
          out.on('finish', () => {
            if (settled) return;
            settled = true;
            callback(null, {
              path: target,
              size: gate.bytes,
              uploadType: gate.type!,
            } as Partial<Express.Multer.File>);
          });
          file.stream.pipe(gate).pipe(out);
        },
        (error: unknown) => fail(new ReceiveError(error)),
      );
    },
    _removeFile(_req, file, callback) {
      void rm(file.path, { force: true }).then(() => callback(null), callback);
    },
  };
}

/** Where uploads are received (and a video rewritten) before they are checked and stored. */
export const receivedUploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * How long an upload's file goes unchanged at most while a server still
 * uses it. A file being received changes as its bytes arrive, and Node ends
 * a request not received within `requestTimeout` (5 minutes, the server
 * keeps Node's default); the checks after it (ffprobe and ffmpeg, 60 s
 * deadlines each, an image's decoding) take a few minutes at most.
 */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * Removes the files of uploads that an earlier run was still receiving or
 * checking when it stopped (killed, or the machine went down), at startup.
 * Several instances may share DATA_DIR (docs/deploy.md), and one starting
 * must not delete what the others are receiving: only files unchanged for
 * STALE_UPLOAD_MS are removed (a later start removes the younger ones).
 * Returns how many.
 */
export async function removeStaleUploads(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.upload')) continue;
    const file = path.join(dir, name);
    // Gone meanwhile: its upload ended.
    const changed = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (changed === null || Date.now() - changed < STALE_UPLOAD_MS) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * The one multipart body the API takes: a single file in the field `file`,
 * received into `tempDir` (see UploadGate for what is refused while it
 * arrives), then handed on as `req.file` (a ReceivedUpload). The route
 * removes the file once it is dealt with.
 */
export function singleUpload(limits: UploadLimits, tempDir: string): RequestHandler {
  const largest = Math.max(...Object.values(limits));
  const parse = multer({
    storage: gatedDiskStorage(tempDir, limits),
    limits: { fileSize: largest, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
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
      if (error instanceof AppError) return next(error);
      if (error instanceof ReceiveError) return next(error.cause);
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(tooLarge('video', largest));
        return next(new BadRequestError('apiErrors.media.oneFile'));
      }
      // A body that is not the multipart it says it is (no boundary, cut off).
      next(new BadRequestError('apiErrors.media.malformed'));
    });
  };
}
