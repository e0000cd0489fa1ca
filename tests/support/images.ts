import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Real image files for upload tests, made by sharp (and one PNG written by hand). */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** A picture with some detail (a gradient and a block), so encoders have something to do. */
export async function makeImage(
  format: ImageFormat,
  {
    width = 640,
    height = 480,
    gps = false,
    orientation,
  }: {
    width?: number;
    height?: number;
    /** Write an EXIF GPS position (and a camera owner) into the file. */
    gps?: boolean;
    /** An EXIF orientation (6: the camera was turned 90° clockwise). */
    orientation?: number;
  } = {},
): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#0f172a"/>' +
      '<stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs>' +
      `<rect width="100%" height="100%" fill="url(#g)"/>` +
      `<rect x="${width / 4}" y="${height / 4}" width="${width / 3}" height="${height / 3}" fill="#f59e0b"/></svg>`,
  );
  let image = sharp(svg).flatten({ background: '#ffffff' });
  image =
    format === 'jpeg'
      ? image.jpeg({ quality: 90 })
      : format === 'png'
        ? image.png()
        : format === 'webp'
          ? image.webp()
          : image.avif({ effort: 0 });
  if (gps) {
    image = image.withExif({
      IFD0: { Artist: 'Ana Silva', Copyright: 'Forge Industrial' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '38/1 43/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '9/1 8/1 5678/100',
      },
    });
  }
  if (orientation !== undefined) image = image.withMetadata({ orientation });
  return image.toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid one-colour PNG of `width` x `height` 1-bit
 * pixels. Zeros compress to almost nothing, so 20000 x 20000 (400
 * megapixels, over a gigabyte once decoded) is a file of about 50 kB.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
