import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NEWS_PICTURE, DEFAULT_NEWS_PICTURE_COPIES } from '../shared/media';

/** The committed copies of the default picture (made by scripts/make-default-picture.ts) are there and current. */

const PUBLIC = path.resolve(import.meta.dirname, '..', 'web', 'public');
const file = (url: string) => path.join(PUBLIC, url);

/** The mean red, green and blue of an image scaled to 48 px wide. */
async function meanColour(url: string): Promise<number[]> {
  const { channels } = await sharp(file(url)).resize({ width: 48 }).removeAlpha().stats();
  return channels.map((c) => c.mean);
}

describe('the default article picture', () => {
  const copies = DEFAULT_NEWS_PICTURE_COPIES;

  it('names AVIF and WebP copies at 480, 960 and 1200 px', () => {
    expect(copies.map((c) => `${c.type} ${c.width}`)).toEqual([
      'image/avif 480',
      'image/avif 960',
      'image/avif 1200',
      'image/webp 480',
      'image/webp 960',
      'image/webp 1200',
    ]);
  });

  it('has each copy on disk in its format and size, smaller than the JPEG', async () => {
    const jpeg = await sharp(file(DEFAULT_NEWS_PICTURE.src)).metadata();
    const bytes = (url: string) => statSync(file(url)).size;
    expect([jpeg.width, jpeg.height]).toEqual([
      DEFAULT_NEWS_PICTURE.width,
      DEFAULT_NEWS_PICTURE.height,
    ]);
    for (const copy of copies) {
      expect(existsSync(file(copy.url)), copy.url).toBe(true);
      const meta = await sharp(file(copy.url)).metadata();
      const format = copy.type === 'image/avif' ? 'heif' : 'webp';
      expect([meta.format, meta.width, meta.height], copy.url).toEqual([
        format,
        copy.width,
        Math.round((630 * copy.width) / 1200),
      ]);
      if (copy.type === 'image/avif') expect(meta.compression, copy.url).toBe('av1');
      expect(bytes(copy.url), copy.url).toBeLessThan(bytes(DEFAULT_NEWS_PICTURE.src));
    }
  });

  it('was made from the current JPEG (run `npm run media:default-picture` after replacing it)', async () => {
    const original = await meanColour(DEFAULT_NEWS_PICTURE.src);
    for (const copy of copies) {
      const colour = await meanColour(copy.url);
      colour.forEach((mean, channel) =>
        expect(Math.abs(mean - original[channel]!), `${copy.url} channel ${channel}`).toBeLessThan(
          4,
        ),
      );
    }
  });
});
