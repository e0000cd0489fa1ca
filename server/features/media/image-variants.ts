import { createHash } from 'node:crypto';
import type SharpModule from 'sharp';
import type { Sharp } from 'sharp';
import {
  MEDIA_EXTENSIONS,
  MEDIA_MAX_PIXELS,
  MEDIA_MAX_WIDTH,
  VARIANT_TYPES,
  variantWidths,
  type MediaType,
} from '#shared/media';
import { AppError } from '../../errors';
import { decodedType, looksLikeSvg, sniffImageType, TYPE_NAMES } from './image-type';
import { falseUploadClaim } from './upload-type';

/** Seconds one decode or encode may take before the upload is refused. */
const PROCESS_TIMEOUT_SECONDS = 30;
/**
 * Uploads whose pictures are made at the same time; the others wait their
 * turn, holding only their file. Making one at the most pixels allowed
 * takes about 300 MiB while it runs (mostly the AVIF encoder on the full
 * width), so eight at once took the server past 680 MiB; one at a time, the
 * server stays within what SECURITY.md asks operators to allow
 * (tests/stress/parallel-uploads.ts measures it).
 */
const IMAGES_AT_ONCE = 1;

export type ImageFile = {
  name: string;
  type: MediaType;
  width: number;
  height: number;
  data: Buffer;
};

export type ProcessedImage = {
  hash: string;
  type: MediaType;
  width: number;
  height: number;
  /** The main file (uploaded format, full size) first, then the responsive copies. */
  files: ImageFile[];
};

/**
 * libvips loads with the first upload, not at start: a server that never
 * receives one (most of them, most of the time) keeps its memory and its
 * start-up time.
 */
let loaded: Promise<typeof SharpModule> | undefined;
const loadSharp = () =>
  (loaded ??= import('sharp').then((module) => {
    const sharp = module.default;
    // libvips' operation cache would keep up to 50 MB of an upload's pictures after it is
    // done; no picture is ever made twice here, so nothing is gained by keeping them.
    sharp.cache(false);
    return sharp;
  }));

const refused = (status: number, key: string, params: Record<string, string | number> = {}) =>
  new AppError(status, key).with(params);

/** libvips' own refusals, as the upload's answer. */
function processingError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) {
    return refused(413, 'apiErrors.media.tooManyPixels', { max: MEDIA_MAX_PIXELS / 1e6 });
  }
  if (/timeout/i.test(message)) return refused(422, 'apiErrors.media.timeout');
  return refused(422, 'apiErrors.media.unreadable');
}

/** What the file really is, refusing anything but a JPEG, PNG, WebP or AVIF that says what it is. */
async function inspect(bytes: Buffer, name: string, mimeType: string) {
  const sniffed = sniffImageType(bytes);
  if (!sniffed) {
    throw refused(415, looksLikeSvg(bytes) ? 'apiErrors.media.svg' : 'apiErrors.media.unsupported');
  }
  const sharp = await loadSharp();
  // The header only (no pixels are decoded), so a bomb is measured before it can go off.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw refused(422, 'apiErrors.media.unreadable');
    });
  const actual = decodedType(metadata);
  if (actual !== sniffed) throw refused(415, 'apiErrors.media.unsupported');
  const claim = falseUploadClaim(name, mimeType, actual);
  if (claim !== null) {
    throw refused(415, 'apiErrors.media.mismatch', {
      actual: TYPE_NAMES[actual],
      claimed: claim,
      extension: MEDIA_EXTENSIONS[actual],
    });
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MEDIA_MAX_PIXELS) {
    throw refused(413, 'apiErrors.media.tooManyPixels', { max: MEDIA_MAX_PIXELS / 1e6 });
  }
  return actual;
}

/** How each type is encoded: an upload's files, and the default picture's copies (scripts/). */
export const encoders: Record<MediaType, (image: Sharp) => Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: 82, mozjpeg: true }),
  'image/png': (image) => image.png({ compressionLevel: 9, effort: 7 }),
  'image/webp': (image) => image.webp({ quality: 80, effort: 4 }),
  // 4:2:0 like JPEG and lossy WebP: photographs lose nothing visible, and the encoder needs a
  // third less memory (about 175 MiB instead of 280 for a 2400x3600 copy).
  'image/avif': (image) => image.avif({ quality: 55, effort: 3, chromaSubsampling: '4:2:0' }),
};

/**
 * Checks an upload and makes its files: the image turned upright (EXIF
 * orientation), in sRGB, scaled down to MEDIA_MAX_WIDTH at most (never up),
 * decoded once; then the main file in the uploaded format and AVIF and WebP
 * copies at every responsive width. Every file is encoded afresh from the
 * pixels, so no metadata (EXIF, GPS position, camera serials, comments)
 * survives.
 */
export function processImage(
  bytes: Buffer,
  upload: { name: string; mimeType: string },
): Promise<ProcessedImage> {
  return inTurn(() => makeFiles(bytes, upload));
}

/** Runs `work` when fewer than IMAGES_AT_ONCE others run, first come first served. */
const inTurn = (() => {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= IMAGES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
})();

async function makeFiles(
  bytes: Buffer,
  upload: { name: string; mimeType: string },
): Promise<ProcessedImage> {
  const type = await inspect(bytes, upload.name, upload.mimeType);
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MEDIA_MAX_PIXELS,
      autoOrient: true,
    })
      .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
      .resize({ width: MEDIA_MAX_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const pixels = () => sharp(data, { raw }).timeout({ seconds: PROCESS_TIMEOUT_SECONDS });
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const { width, height } = raw;
    const encode = async (w: number, as: MediaType, name: string): Promise<ImageFile> => {
      const h = Math.max(1, Math.round((height * w) / width));
      const image = w === width ? pixels() : pixels().resize({ width: w, height: h });
      return { name, type: as, width: w, height: h, data: await encoders[as](image).toBuffer() };
    };
    const ext = (t: MediaType) => MEDIA_EXTENSIONS[t];
    const files = [await encode(width, type, `${hash}-${width}x${height}.${ext(type)}`)];
    for (const variant of VARIANT_TYPES) {
      for (const w of variantWidths(width)) {
        files.push(await encode(w, variant, `${hash}-${w}w.${ext(variant)}`));
      }
    }
    return { hash, type, width, height, files };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw processingError(error);
  }
}
