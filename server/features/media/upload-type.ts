import { DOCUMENT_TYPE, type UploadType, type VideoType } from '#shared/media';
import { canonicalType, UPLOAD_EXTENSIONS } from '#shared/upload-names';
import { sniffImageType } from './image-type';

/**
 * What an upload is, from its first bytes (before it is even stored): one of
 * the image types, a PDF, an MP4 or a WebM video; null for anything else.
 * The decoders confirm it later (libvips, ffprobe).
 */

/** Bytes of the file's start that decide its type. */
export const SNIFF_BYTES = 4096;

/** ISO-BMFF brands of MP4 video (not HEIF/AVIF pictures, not QuickTime). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'mp4v',
  'avc1',
  'av01',
  'dash',
  'M4V ',
  'MSNV',
]);

function sniffVideo(bytes: Buffer): VideoType | null {
  const ascii = (from: number, to: number) => bytes.toString('latin1', from, to);
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(at, at + 4));
    return brands.some((b) => MP4_BRANDS.has(b)) ? 'video/mp4' : null;
  }
  // EBML, then a DocType of "webm" (Matroska files in general are not taken).
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    return bytes.subarray(0, 64).includes('webm', 0, 'latin1') ? 'video/webm' : null;
  }
  return null;
}

export function sniffUpload(bytes: Buffer): UploadType | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return DOCUMENT_TYPE;
  return sniffVideo(bytes);
}

/** What each type is called in a message. */
export const UPLOAD_TYPE_NAMES: Record<VideoType | typeof DOCUMENT_TYPE, string> = {
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'application/pdf': 'PDF',
};

/**
 * What the upload claims to be (its extension, its Content-Type) where that
 * differs from `actual`, the type its content is; null when every claim
 * agrees. `application/octet-stream` and no extension say nothing. The names
 * each type goes by are shared with the admin's file pickers
 * (#shared/upload-names).
 */
export function falseUploadClaim(
  name: string,
  mimeType: string,
  actual: UploadType,
): string | null {
  const ext = /\.([^./\\]{1,16})$/.exec(name)?.[1]?.toLowerCase();
  if (ext !== undefined && !UPLOAD_EXTENSIONS[actual].includes(ext)) return `.${ext}`;
  const mime = mimeType.toLowerCase().split(';')[0]!.trim();
  if (mime === '' || mime === 'application/octet-stream') return null;
  return canonicalType(mime) === actual ? null : mime;
}
