import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { pageAssets } from './assets';
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
    const script = pageAssets('home').script;
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
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('come from memory with the site’s security headers, a strong ETag and 304', async () => {
    const style = pageAssets('home').css[0]!;
    const res = await raw(style, 'br').expect(200);
    expect(res.headers['x-request-id']).toBeUndefined(); // Express never saw it
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    const again = await request(t.app).get(style).set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
    const head = await request(t.app).head(style).set('Accept-Encoding', 'br').expect(200);
    expect(head.headers['content-length']).toBe(res.headers['content-length']);
  });

  it('keep hashed names for a year: fonts, the hero video and its still', async () => {
    const files = readdirSync(path.join(DIST_CLIENT, 'assets')).filter((f) =>
      /\.(woff2|mp4|webm|jpg)$/.test(f),
    );
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const res = await request(t.app).get(`/assets/${file}`).expect(200);
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answer a Range from the disk (a video seeks), and any unknown /assets/ name with a plain 404', async () => {
    const video = readdirSync(path.join(DIST_CLIENT, 'assets')).find((f) => f.endsWith('.mp4'))!;
    const part = await request(t.app).get(`/assets/${video}`).set('Range', 'bytes=0-99');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\//);
    const missing = await request(t.app).get('/assets/no-such-file.js').expect(404);
    expect(missing.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(missing.text).toBe('Not found');
  });
});
