import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responsiveImage } from '#shared/media';
import { makeImage, pngBomb, type ImageFormat } from '../../../tests/support/images';
import { makePdf, makeVideo } from '../../../tests/support/media-files';
import { CHUNK_BYTES } from './media-storage';
import {
  postgresAvailable,
  postgresUnavailable,
  startPostgres,
  type TestPostgres,
} from '../../../tests/support/postgres';
import {
  createTestApp,
  signedIn,
  tempDataDir,
  type TestApp,
} from '../../../tests/support/test-app';

/**
 * Uploads with DATABASE_URL: the bytes live in PostgreSQL (`media_blobs`,
 * and `media_chunks` for documents and videos), never under DATA_DIR, so a second instance with a data
 * directory of its own serves what the first one stored, and a delete on
 * either takes them away for both.
 */

let pg: TestPostgres | null = null;
let one: TestApp;
let two: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

/** The bytes of a served file (supertest leaves images as buffers). */
const fetchFile = (t: TestApp, url: string) =>
  request(t.app)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

const MIME: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};
const EXT: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

describe.skipIf(!postgresAvailable)(
  `Uploads on PostgreSQL${postgresUnavailable ? ` — skipped: ${postgresUnavailable}` : ''}`,
  () => {
    beforeAll(async () => {
      pg = await startPostgres();
      const env = { DATABASE_URL: pg!.url, MEDIA_MAX_BYTES: String(1024 * 1024) };
      one = await createTestApp(env, tempDataDir());
      two = await createTestApp(env, tempDataDir());
      admin = await signedIn(one.app);
    });

    afterAll(async () => {
      for (const t of [one, two]) {
        await t?.close();
        if (t) rmSync(t.dataDir, { recursive: true, force: true });
      }
      await pg?.stop();
    });

    it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
      'stores a real %s file in the database, served by another instance',
      async (format) => {
        const res = await admin
          .post('/api/media')
          .attach('file', await makeImage(format), `photo.${EXT[format]}`)
          .expect(201);
        const item = res.body.data;
        expect(item).toMatchObject({ width: 640, height: 480, type: MIME[format] });
        expect(item.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

        const blobs = await one.db('media_blobs').where({ media_id: item.id }).pluck('name');
        const picture = responsiveImage(item.url)!;
        expect(blobs).toHaveLength(1 + picture.sources.flatMap((s) => s.srcset.split(', ')).length);

        const main = await fetchFile(two, item.url).expect(200);
        expect(main.headers['content-type']).toBe(MIME[format]);
        expect(main.headers['x-content-type-options']).toBe('nosniff');
        expect(Number(main.headers['content-length'])).toBe(item.bytes);
        const meta = await sharp(main.body as Buffer).metadata();
        expect([meta.width, meta.height]).toEqual([640, 480]);
        for (const source of picture.sources) {
          const [first] = source.srcset.split(', ');
          const copy = await fetchFile(two, first!.split(' ')[0]!).expect(200);
          expect(copy.headers['content-type']).toBe(source.type);
        }
      },
    );

    it('stores a video and a PDF in 1 MiB rows, served whole and in ranges by another instance', async () => {
      const video = await makeVideo('mp4', { width: 640, height: 480, seconds: 1, noise: true });
      expect(video.length).toBeGreaterThan(2 * CHUNK_BYTES);
      const item = (await admin.post('/api/media').attach('file', video, 'line.mp4').expect(201))
        .body.data;
      expect(item).toMatchObject({ type: 'video/mp4', width: 640, height: 480 });
      const rows = await one.db('media_chunks').where({ media_id: item.id }).orderBy('seq');
      expect(rows.map((r) => r.seq)).toEqual(
        Array.from({ length: Math.ceil(item.bytes / CHUNK_BYTES) }, (_, i) => i),
      );
      // What was stored: the video without its metadata (upload.documents-and-videos.test.ts).
      const stored = Buffer.concat(rows.map((r) => Buffer.from(r.data as Uint8Array)));
      expect(stored.length).toBe(item.bytes);
      const whole = await fetchFile(two, item.url).expect(200);
      expect(Buffer.compare(whole.body as Buffer, stored)).toBe(0);
      // A range across the boundary of two rows.
      const [start, end] = [CHUNK_BYTES - 100, CHUNK_BYTES + 99];
      const part = await fetchFile(two, item.url).set('Range', `bytes=${start}-${end}`).expect(206);
      expect(Buffer.compare(part.body as Buffer, stored.subarray(start, end + 1))).toBe(0);
      await fetchFile(two, item.poster_url).expect(200);

      const pdf = makePdf();
      const doc = (await admin.post('/api/media').attach('file', pdf, 'sheet.pdf').expect(201)).body
        .data;
      const served = await fetchFile(two, doc.url).expect(200);
      expect(served.headers['content-disposition']).toBe('attachment; filename=sheet.pdf');
      expect(Buffer.compare(served.body as Buffer, pdf)).toBe(0);
      // ffmpeg encodes the grain and makes the still: well over the default 20 s on a busy machine.
    }, 120_000);

    it('keeps nothing under either DATA_DIR', async () => {
      for (const t of [one, two]) {
        const media = path.join(t.dataDir, 'media');
        expect(existsSync(media) ? readdirSync(media) : []).toEqual([]);
      }
    });

    it('refuses a file lying about its type, an oversized file and a bomb, storing nothing', async () => {
      const before = Number((await one.db('media').count({ n: '*' }).first())?.n);
      const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
      await admin.post('/api/media').attach('file', html, 'cat.png').expect(415);
      await admin
        .post('/api/media')
        .attach(
          'file',
          Buffer.concat([await makeImage('png'), Buffer.alloc(1024 * 1024)]),
          'big.png',
        )
        .expect(413);
      await admin.post('/api/media').attach('file', pngBomb(), 'bomb.png').expect(413);
      expect(Number((await one.db('media').count({ n: '*' }).first())?.n)).toBe(before);
    });

    it('lists uploads with the articles using them on every instance, and deletes for both', async () => {
      const used = (
        await admin
          .post('/api/media')
          .attach('file', await makeImage('jpeg'), 'hero.jpg')
          .expect(201)
      ).body.data;
      const unused = (
        await admin
          .post('/api/media')
          .attach('file', await makeImage('png'), 'spare.png')
          .expect(201)
      ).body.data;
      await admin
        .post('/api/news')
        .send({
          title: 'Welding cell',
          excerpt: 'E',
          content: 'C',
          category: 'robotics',
          slug: 'welding-cell',
          image_url: used.url,
          image_alt: 'A welding cell',
          published: true,
        })
        .expect(201);
      const adminTwo = await signedIn(two.app);
      const list = (await adminTwo.get('/api/media').expect(200)).body.data;
      expect(list[0].id).toBe(unused.id);
      expect(list.find((m: { id: number }) => m.id === used.id).used_by).toEqual([
        { id: expect.any(Number), slug: 'welding-cell', title: 'Welding cell', as: ['image'] },
      ]);
      await adminTwo.delete(`/api/media/${used.id}`).expect(409);

      await adminTwo.delete(`/api/media/${unused.id}`).expect(200);
      expect(await one.db('media_blobs').where({ media_id: unused.id }).first()).toBeUndefined();
      await request(one.app).get(unused.url).expect(404);
      await request(two.app).get(unused.url).expect(404);
      await fetchFile(one, used.url).expect(200);
    });
  },
);
