import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMediaUrl, responsiveImage } from '#shared/media';
import { makeImage, pngBomb, type ImageFormat } from '../../../tests/support/images';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../tests/support/test-app';

/** Image uploads through the real app on SQLite: files under DATA_DIR/media. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ MEDIA_MAX_BYTES: String(2 * 1024 * 1024) });
  admin = await signedIn(t.app);
});
afterAll(() => t.destroy());

const upload = (bytes: Buffer, filename: string, contentType?: string) =>
  admin.post('/api/media').attach('file', bytes, { filename, ...(contentType && { contentType }) });

/** The bytes of a served file (supertest leaves images as buffers). */
const fetchFile = (url: string) =>
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

describe('uploading an image', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
    'takes a real %s file and serves it with responsive copies',
    async (format) => {
      const res = await upload(await makeImage(format), `photo.${EXT[format]}`).expect(201);
      const item = res.body.data;
      expect(item).toMatchObject({
        width: 640,
        height: 480,
        type: MIME[format],
        name: `photo.${EXT[format]}`,
      });
      expect(item.url).toMatch(
        new RegExp(`^/media/${item.id}/[0-9a-f]{16}-640x480\\.${EXT[format]}$`),
      );
      expect(parseMediaUrl(item.url)).toMatchObject({ id: item.id, width: 640, height: 480 });

      const main = await fetchFile(item.url).expect(200);
      expect(main.headers['content-type']).toBe(MIME[format]);
      expect(main.headers['x-content-type-options']).toBe('nosniff');
      expect(main.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(main.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(main.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect((await sharp(main.body as Buffer).metadata()).format).toBe(
        format === 'avif' ? 'heif' : format,
      );

      // Every copy the page's srcset names exists, in its format and width.
      const picture = responsiveImage(item.url)!;
      for (const source of picture.sources) {
        for (const entry of source.srcset.split(', ')) {
          const [url, width] = entry.split(' ');
          const copy = await fetchFile(url!).expect(200);
          expect(copy.headers['content-type']).toBe(source.type);
          const meta = await sharp(copy.body as Buffer).metadata();
          expect(`${meta.width}w`).toBe(width);
        }
      }
      expect(picture.sources.map((s) => s.srcset.split(', ').length)).toEqual([2, 2]);
    },
  );

  it('keeps no metadata: the GPS position and the owner are gone from every file', async () => {
    const original = await makeImage('jpeg', { gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { body } = await upload(original, 'with-gps.jpg').expect(201);
    const picture = responsiveImage(body.data.url)!;
    const urls = [
      picture.src,
      ...picture.sources.flatMap((s) => s.srcset.split(', ').map((e) => e.split(' ')[0]!)),
    ];
    for (const url of urls) {
      const file = (await fetchFile(url).expect(200)).body as Buffer;
      const meta = await sharp(file).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(file.includes(Buffer.from('Ana Silva')), url).toBe(false);
    }
  });

  it('turns a photo upright from its EXIF orientation, and scales a huge one down, never up', async () => {
    const turned = await upload(
      await makeImage('jpeg', { width: 300, height: 200, orientation: 6 }),
      'turned.jpg',
    ).expect(201);
    expect(turned.body.data).toMatchObject({ width: 200, height: 300 });
    const wide = await upload(
      await makeImage('png', { width: 3000, height: 1500 }),
      'wide.png',
    ).expect(201);
    expect(wide.body.data).toMatchObject({ width: 2400, height: 1200 });
    expect(responsiveImage(wide.body.data.url)!.sources[0]!.srcset).toMatch(
      /480w, .*960w, .*1600w, .*2400w$/,
    );
    const small = await upload(
      await makeImage('webp', { width: 320, height: 200 }),
      'small.webp',
    ).expect(201);
    expect(small.body.data).toMatchObject({ width: 320, height: 200 });
    expect(responsiveImage(small.body.data.url)!.sources[0]!.srcset).toMatch(/^\S+ 320w$/);
  });

  it('keeps the files under DATA_DIR/media', async () => {
    const { body } = await upload(await makeImage('png'), 'kept.png').expect(201);
    const name = body.data.url.split('/').pop();
    expect(existsSync(path.join(t.dataDir, 'media', String(body.data.id), name))).toBe(true);
  });
});

describe('refusing what is not a JPEG, PNG, WebP or AVIF image', () => {
  it('judges the content, not the name: a PNG named .jpg is refused, saying what it is', async () => {
    const res = await upload(await makeImage('png'), 'renamed.jpg').expect(415);
    expect(res.body.error).toBe(
      'This file is a PNG image, but its name or type says .jpg. Save it with the extension .png and try again.',
    );
    const lyingType = await upload(await makeImage('jpeg'), 'photo', 'image/png').expect(415);
    expect(lyingType.body.error).toContain(
      'This file is a JPEG image, but its name or type says image/png',
    );
  });

  it('refuses a text file named .png, and says so in the request’s language', async () => {
    const res = await admin
      .post('/api/media?lang=pt')
      .attach('file', Buffer.from('just some text, not a picture'), 'notes.png')
      .expect(415);
    expect(res.body).toEqual({
      error:
        'Só é possível carregar imagens JPEG, PNG, WebP e AVIF, documentos PDF e vídeos MP4 ou WebM',
    });
  });

  it('refuses HTML and SVG named .png and sent as image/png, and stores nothing', async () => {
    const before = await t.db('media').count({ n: '*' }).first();
    const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
    const asPng = await upload(html, 'cat.png', 'image/png').expect(415);
    expect(asPng.body.error).toBe(
      'Only JPEG, PNG, WebP and AVIF images, PDF documents and MP4 or WebM videos can be uploaded',
    );
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
    );
    const svgAsPng = await upload(svg, 'logo.png', 'image/png').expect(415);
    expect(svgAsPng.body.error).toMatch(/^SVG images cannot be uploaded/);
    // A real PNG header with HTML behind it: the decoder, not the signature, has the last word.
    const polyglot = Buffer.concat([(await makeImage('png')).subarray(0, 33), html]);
    await upload(polyglot, 'polyglot.png', 'image/png').expect(422);
    expect(await t.db('media').count({ n: '*' }).first()).toEqual(before);
  });

  it('refuses an SVG with a message that names it, and GIF like anything else', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const res = await upload(svg, 'logo.svg', 'image/svg+xml').expect(415);
    expect(res.body.error).toMatch(
      /^SVG images cannot be uploaded because they can contain scripts/,
    );
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(gif, 'anim.gif').expect(415)).body.error).toBe(
      'Only JPEG, PNG, WebP and AVIF images, PDF documents and MP4 or WebM videos can be uploaded',
    );
  });

  it('answers 413 for a file over MEDIA_MAX_BYTES, translated', async () => {
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await admin
      .post('/api/media')
      .set('Cookie', 'language=de')
      .attach('file', big, 'big.png')
      .expect(413);
    expect(res.body).toEqual({
      error: 'Das Bild ist zu groß: Dateien dürfen höchstens 2 MB groß sein',
    });
  });

  it('refuses a decompression bomb (a 50 kB PNG of 400 megapixels) before decoding it', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const started = Date.now();
    const res = await upload(bomb, 'bomb.png').expect(413);
    expect(res.body.error).toBe(
      'The image has too many pixels: at most 40 megapixels can be processed. Reduce its size and try again.',
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await t.db('media').where({ name: 'bomb.png' }).first()).toBeUndefined();
  });

  it('refuses a damaged image, a missing file, a JSON body and two files', async () => {
    const jpeg = await makeImage('jpeg');
    const cut = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(200, 0x41)]);
    expect((await upload(cut, 'cut.jpg').expect(422)).body.error).toBe(
      'The image could not be read; the file may be damaged',
    );
    expect((await admin.post('/api/media').field('note', 'x').expect(400)).body.error).toBe(
      'Choose an image to upload',
    );
    await admin.post('/api/media').send({ file: 'x' }).expect(415);
    await admin
      .post('/api/media')
      .attach('file', jpeg, 'a.jpg')
      .attach('file', jpeg, 'b.jpg')
      .expect(400);
  });

  it('is for admins only', async () => {
    const image = await makeImage('png');
    await request(t.app).post('/api/media').attach('file', image, 'x.png').expect(401);
    const reader = await createUser(t);
    const agent = await signedIn(t.app, reader);
    await agent.post('/api/media').attach('file', image, 'x.png').expect(403);
    await agent.get('/api/media').expect(403);
  });
});

describe('the media library', () => {
  const article = (slug: string, extra: Record<string, unknown>) => ({
    title: `Story ${slug}`,
    excerpt: 'E',
    content: 'C',
    category: 'robotics',
    slug,
    published: true,
    ...extra,
  });

  it('lists uploads newest first with the articles that use them, and refuses to delete one in use', async () => {
    const first = (await upload(await makeImage('jpeg'), 'hero.jpg').expect(201)).body.data;
    const second = (await upload(await makeImage('png'), 'inline.png').expect(201)).body.data;
    await admin
      .post('/api/news')
      .send(article('hero-story', { image_url: first.url, image_alt: 'A welding cell' }))
      .expect(201);
    await admin
      .post('/api/news')
      .send(
        article('inline-story', {
          content: `See ![diagram](${second.url}) and ![hero](${first.url})`,
        }),
      )
      .expect(201);

    const list = (await admin.get('/api/media').expect(200)).body.data;
    expect(list[0].id).toBe(second.id);
    const hero = list.find((m: { id: number }) => m.id === first.id);
    expect(hero.used_by).toEqual([
      { id: expect.any(Number), slug: 'hero-story', title: 'Story hero-story', as: ['image'] },
      {
        id: expect.any(Number),
        slug: 'inline-story',
        title: 'Story inline-story',
        as: ['content'],
      },
    ]);

    const refused = await admin.delete(`/api/media/${first.id}`).expect(409);
    expect(refused.body.error).toBe(
      'This file cannot be deleted while “Story hero-story” and 1 other article or page use it. Remove it from those first.',
    );
    const pt = await admin.delete(`/api/media/${second.id}?lang=pt`).expect(409);
    expect(pt.body.error).toBe(
      'Não é possível eliminar este ficheiro enquanto «Story inline-story» o usar. Retire-o primeiro desse artigo ou página.',
    );
  });

  it('pages the library with the total in X-Total-Count, and still lists all without a page', async () => {
    const all = (await admin.get('/api/media').expect(200)).body.data as { id: number }[];
    expect(all.length).toBeGreaterThanOrEqual(2);
    const first = await admin.get('/api/media?page=1&per_page=1').expect(200);
    expect(first.headers['x-total-count']).toBe(String(all.length));
    expect(first.body.data.map((m: { id: number }) => m.id)).toEqual([all[0]!.id]);
    const second = await admin.get('/api/media?page=2&per_page=1').expect(200);
    expect(second.body.data.map((m: { id: number }) => m.id)).toEqual([all[1]!.id]);
    expect(second.body.data[0]).toHaveProperty('used_by');
    const bad = await admin.get('/api/media?page=0').expect(400);
    expect(bad.body.details).toEqual({ page: expect.any(String) });
  });

  it('deletes an unused upload with its files', async () => {
    const { body } = await upload(await makeImage('webp'), 'unused.webp').expect(201);
    await fetchFile(body.data.url).expect(200);
    expect(await admin.delete(`/api/media/${body.data.id}`).expect(200)).toMatchObject({
      body: { data: { id: body.data.id } },
    });
    const gone = await request(t.app).get(body.data.url).expect(404);
    expect(gone.headers['content-type']).toMatch(/^text\/plain/);
    expect(existsSync(path.join(t.dataDir, 'media', String(body.data.id)))).toBe(false);
    await admin.delete(`/api/media/${body.data.id}`).expect(404);
  });

  it('serves only names it made: other files under /media stay the site’s own', async () => {
    await request(t.app).get('/media/1/not-ours.html').expect(404);
    await request(t.app).get('/media/1/..%2F..%2Fsite.db').expect(404);
    const own = await request(t.app).get('/media/news-default.jpg');
    expect([200, 404]).toContain(own.status);
  });
});
