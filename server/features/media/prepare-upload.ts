import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import {
  DOCUMENT_TYPE,
  isImageType,
  uploadKind,
  type UploadType,
  type VideoType,
} from '#shared/media';
import { AppError } from '../../errors';
import { processImage } from './image-variants';
import { falseUploadClaim, UPLOAD_TYPE_NAMES } from './upload-type';
import { probeVideo, stripVideoMetadata, videoStill } from './video-probe';

/**
 * An upload as received: on disk, typed by its first bytes. Preparing a
 * video rewrites its file (without its metadata); the caller removes it.
 */
export type ReceivedFile = {
  path: string;
  name: string;
  mimeType: string;
  type: UploadType;
  bytes: number;
};

/** One file to store: its bytes in memory (pictures) or on disk (the received document or video). */
export type PreparedFile = {
  name: string;
  type: UploadType;
  width: number;
  height: number;
  bytes: number;
} & ({ data: Buffer } | { source: string });

/** What an upload becomes: its row's facts and its files, the main one first. */
export type PreparedUpload = {
  hash: string;
  type: UploadType;
  width: number;
  height: number;
  bytes: number;
  poster: string | null;
  files: PreparedFile[];
};

const fileHash = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex').slice(0, 16)));
  });

function refuseFalseClaim(file: ReceivedFile, type: VideoType | typeof DOCUMENT_TYPE): void {
  const claim = falseUploadClaim(file.name, file.mimeType, type);
  if (claim === null) return;
  const extension = type === DOCUMENT_TYPE ? 'pdf' : type === 'video/webm' ? 'webm' : 'mp4';
  throw new AppError(415, 'apiErrors.media.mismatchFile').with({
    actual: UPLOAD_TYPE_NAMES[type],
    claimed: claim,
    extension,
  });
}

/** A PDF from its first to its last bytes: the header, and the end-of-file marker near the end. */
async function checkPdf(file: ReceivedFile): Promise<void> {
  const handle = await open(file.path, 'r');
  try {
    const tail = Buffer.alloc(Math.min(2048, file.bytes));
    await handle.read(tail, 0, tail.length, file.bytes - tail.length);
    if (!tail.includes('%%EOF', 0, 'latin1'))
      throw new AppError(422, 'apiErrors.media.unreadableFile');
  } finally {
    await handle.close();
  }
}

async function prepareImage(file: ReceivedFile): Promise<PreparedUpload> {
  const image = await processImage(await readFile(file.path), file);
  const files = image.files.map(({ data, ...f }) => ({ ...f, data, bytes: data.length }));
  return { ...image, bytes: files[0]!.bytes, poster: null, files };
}

async function prepareDocument(file: ReceivedFile): Promise<PreparedUpload> {
  refuseFalseClaim(file, DOCUMENT_TYPE);
  await checkPdf(file);
  const hash = await fileHash(file.path);
  const main = {
    name: `${hash}.pdf`,
    type: DOCUMENT_TYPE as UploadType,
    width: 0,
    height: 0,
    bytes: file.bytes,
  };
  return {
    hash,
    type: DOCUMENT_TYPE,
    width: 0,
    height: 0,
    bytes: file.bytes,
    poster: null,
    files: [{ ...main, source: file.path }],
  };
}

/**
 * A video: its container and codec confirmed by ffprobe, its shown size, its
 * metadata removed (where and when it was recorded, and with what), and its
 * still (a JPEG of a frame, made into a picture with responsive copies like
 * any upload, so pages show it as they show images).
 */
async function prepareVideo(file: ReceivedFile, type: VideoType): Promise<PreparedUpload> {
  refuseFalseClaim(file, type);
  const { width, height, duration } = await probeVideo(file.path, type);
  await stripVideoMetadata(file.path, type);
  const { size: bytes } = await stat(file.path);
  const still = await processImage(await videoStill(file.path, duration), {
    name: 'still.jpg',
    mimeType: 'image/jpeg',
  });
  const hash = await fileHash(file.path);
  const ext = type === 'video/webm' ? 'webm' : 'mp4';
  const main = {
    name: `${hash}-${width}x${height}.${ext}`,
    type,
    width,
    height,
    bytes,
  };
  const pictures = still.files.map(({ data, ...f }) => ({ ...f, data, bytes: data.length }));
  return {
    hash,
    type,
    width,
    height,
    bytes,
    poster: pictures[0]!.name,
    files: [{ ...main, source: file.path }, ...pictures],
  };
}

/** Checks a received upload by its kind and makes the files to store. */
export function prepareUpload(file: ReceivedFile): Promise<PreparedUpload> {
  const { type } = file;
  if (isImageType(type)) return prepareImage(file);
  return uploadKind(type) === 'video'
    ? prepareVideo(file, type as VideoType)
    : prepareDocument(file);
}
