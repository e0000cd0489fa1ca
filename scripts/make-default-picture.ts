// Makes the AVIF and WebP copies of the default article picture,
// web/public/media/news-default.jpg, at the widths an upload of its size gets
// (shared/media.ts: DEFAULT_NEWS_PICTURE), with the encoders uploads use. The
// results are committed beside it, so building the site needs no image work;
// scripts/make-default-picture.test.ts fails when they no longer match it.
// Run it after replacing the JPEG: `npm run media:default-picture`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_NEWS_PICTURE, DEFAULT_NEWS_PICTURE_COPIES } from '../shared/media';
import { encoders } from '../server/features/media/image-variants';

const dir = path.resolve(import.meta.dirname, '..', 'web', 'public');

for (const file of DEFAULT_NEWS_PICTURE_COPIES) {
  const image = sharp(path.join(dir, DEFAULT_NEWS_PICTURE.src)).resize({ width: file.width });
  const data = await encoders[file.type](image).toBuffer();
  writeFileSync(path.join(dir, file.url), data);
  console.log(`${file.url}: ${data.length} bytes`);
}
