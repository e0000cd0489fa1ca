// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible built file, so the
// server sends the smallest bytes without compressing on each request. Run at the end of the
// client builds (vite.config.ts, vite.admin.config.ts). `node scripts/precompress.mjs <dir>` runs it by hand.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

/** Text formats worth compressing; fonts, images and video are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|xml|txt|webmanifest)$/;
const MIN_BYTES = 256;

function filesOf(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    return d.isDirectory() ? filesOf(full) : [full];
  });
}

/** Compresses every eligible file under `dir`; resolves to how many it compressed. */
export function precompress(dir) {
  return precompressFiles(filesOf(dir));
}

/**
 * Compresses each eligible file of the list; resolves to how many it
 * compressed. The gzip copy is Zopfli's (about 3 % smaller than zlib's best,
 * still plain gzip to every browser and to nginx's `gzip_static`): it costs
 * about a second per 400 kB, once, at build time.
 */
export async function precompressFiles(files) {
  let count = 0;
  for (const file of files) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = await gzipAsync(data, { numiterations: 15 });
    // A copy that is not smaller is not worth a second file.
    if (br.length < data.length) writeFileSync(`${file}.br`, br);
    if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist/client';
  console.log(`precompressed ${await precompress(dir)} files in ${dir}`);
}
