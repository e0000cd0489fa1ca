import type { Metadata } from 'sharp';
import type { MediaType } from '#shared/media';

/**
 * What a file is, from its own bytes: the four image types we take, told
 * apart by their signatures before any decoder sees them (so an SVG, a PDF
 * or a script never reaches libvips), then confirmed by the decoder.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the file's signature says, or null for anything else. */
export function sniffImageType(bytes: Buffer): MediaType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  const ascii = (from: number, to: number) => bytes.toString('latin1', from, to);
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    // ISO-BMFF: the major brand, then compatible brands up to the end of the ftyp box.
    const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(at, at + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'image/avif';
  }
  return null;
}

/** An SVG (refused, but named in the message: people expect logos to upload). */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .toString('utf8', 0, 1024)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'));
}

/** The type libvips decoded, in our terms (AVIF is HEIF with AV1 inside; HEIC is not taken). */
export function decodedType(metadata: Metadata): MediaType | null {
  switch (metadata.format) {
    case 'jpeg':
      return 'image/jpeg';
    case 'png':
      return 'image/png';
    case 'webp':
      return 'image/webp';
    case 'heif':
      return metadata.compression === 'av1' ? 'image/avif' : null;
    default:
      return null;
  }
}

/** What people call each type in a message. */
export const TYPE_NAMES: Record<MediaType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
};
