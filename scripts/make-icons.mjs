// Makes every installer icon in build/ from the one source image build/icon.svg:
//   build/icon.png (1024), build/icons/NxN.png (Linux), build/icon.ico (Windows),
//   build/icon.icns (macOS). Needs `rsvg-convert` (Debian: apt-get install librsvg2-bin).
// The results are committed, so packaging itself needs no image tools.
// It also records the SHA-256 of the icon.svg it rendered in build/icon.svg.sha256
// (sha256sum format, line endings normalised to LF): scripts/make-icons.test.ts
// fails when icon.svg changes and the icons were not made again.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '..', 'build');
const source = path.join(dir, 'icon.svg');

function png(size) {
  try {
    return execFileSync('rsvg-convert', [
      '-w',
      String(size),
      '-h',
      String(size),
      '-f',
      'png',
      source,
    ]);
  } catch (error) {
    console.error(
      'rsvg-convert failed. Install it with: apt-get install librsvg2-bin (or brew install librsvg)',
    );
    throw error;
  }
}

/** ICO with PNG-compressed entries (Windows Vista and later). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

/** ICNS with PNG entries; the type codes name the pixel size. */
function icns(images) {
  const chunks = images.map(({ type, data }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

// Read first: fails early with a clear error when the source is missing.
const svg = readFileSync(source, 'utf8').replace(/\r\n/g, '\n');
const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const rendered = new Map(sizes.map((size) => [size, png(size)]));

writeFileSync(path.join(dir, 'icon.png'), rendered.get(1024));
mkdirSync(path.join(dir, 'icons'), { recursive: true });
for (const size of [16, 32, 48, 64, 128, 256, 512]) {
  writeFileSync(path.join(dir, 'icons', `${size}x${size}.png`), rendered.get(size));
}
writeFileSync(
  path.join(dir, 'icon.ico'),
  ico([16, 24, 32, 48, 64, 128, 256].map((size) => ({ size, data: rendered.get(size) }))),
);
writeFileSync(
  path.join(dir, 'icon.icns'),
  icns([
    { type: 'icp4', data: rendered.get(16) },
    { type: 'icp5', data: rendered.get(32) },
    { type: 'icp6', data: rendered.get(64) },
    { type: 'ic07', data: rendered.get(128) },
    { type: 'ic08', data: rendered.get(256) },
    { type: 'ic09', data: rendered.get(512) },
    { type: 'ic10', data: rendered.get(1024) },
  ]),
);
writeFileSync(
  path.join(dir, 'icon.svg.sha256'),
  `${createHash('sha256').update(svg).digest('hex')}  icon.svg\n`,
);
console.log(`Icons written to ${path.relative(process.cwd(), dir)}/ from icon.svg`);
