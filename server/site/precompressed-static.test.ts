import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { loadEntryAssets } from './assets';
import { DIST_CLIENT } from './paths';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.destroy());

/** The raw bytes as they travel, without supertest's own decompression. */
const raw = (url: string, acceptEncoding: string) =>
  request(t.app)
    .get(url)
    .set('Accept-Encoding', acceptEncoding)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('built files', () => {
  it('go out as the brotli or gzip copy made at build time, typed as the original', async () => {
    const script = loadEntryAssets().script;
    const original = readFileSync(path.join(DIST_CLIENT, script));
    const br = await raw(script, 'gzip, deflate, br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const sent = br.body as Buffer;
    // supertest may unpack brotli itself; either way the bytes are the original's.
    const unpacked = sent.equals(original) ? sent : brotliDecompressSync(sent);
    expect(unpacked.equals(original)).toBe(true);

    const gz = await raw(script, 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const gzBody = gz.body as Buffer;
    expect((gzBody.equals(original) ? gzBody : gunzipSync(gzBody)).equals(original)).toBe(true);

    const plain = await raw(script, 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.body as Buffer).equals(original)).toBe(true);
  });

  it('that are small or already compressed (fonts, video) are sent as they are', async () => {
    const res = await raw('/favicon.svg', 'br').expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
