import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responsiveImage, type MediaItem } from '#shared/media';
import { makeImage } from '../../../tests/support/images';
import { makePdf, makeVideo, videoFacts } from '../../../tests/support/media-files';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * PDF documents and MP4/WebM videos through the real app on SQLite, with
 * real files made by ffmpeg; the limits are small here so the refusals are cheap.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({
    MEDIA_MAX_DOCUMENT_BYTES: String(64 * 1024),
    MEDIA_MAX_VIDEO_BYTES: String(1024 * 1024),
  });
  admin = await signedIn(t.app);
});
afterAll(() => t.destroy());

const upload = (bytes: Buffer, filename: string, contentType?: string) =>
  admin.post('/api/media').attach('file', bytes, { filename, ...(contentType && { contentType }) });

/** The bytes of a served file (supertest leaves most types as buffers). */
const fetchFile = (url: string, headers: Record<string, string> = {}) =>
  request(t.app)
    .get(url)
    .set(headers)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

const count = async () => Number((await t.db('media').count({ n: '*' }).first())?.n);

describe('a PDF document', () => {
  it('is judged by its content and served as a download under its name', async () => {
    const pdf = makePdf();
    const res = await upload(pdf, 'ForgeArm X2 datasheet.pdf', 'application/pdf').expect(201);
    const item = res.body.data as MediaItem;
    expect(item).toMatchObject({
      type: 'application/pdf',
      width: null,
      height: null,
      poster_url: null,
      name: 'ForgeArm X2 datasheet.pdf',
      bytes: pdf.length,
    });
    expect(item.url).toMatch(/^\/media\/\d+\/[0-9a-f]{16}\.pdf$/);
    const served = await fetchFile(item.url).expect(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      'attachment; filename="ForgeArm X2 datasheet.pdf"',
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(Buffer.compare(served.body as Buffer, pdf)).toBe(0);
  });

  it('is refused, with nothing stored, when it is a program renamed .pdf, .mp4 or .webm', async () => {
    const before = await count();
    // The start of a Windows program: the MZ header, its DOS stub, then the PE header.
    const program = Buffer.alloc(8192);
    program.write('MZ', 0, 'latin1');
    program.writeUInt32LE(0x80, 0x3c);
    program.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
    program.write('PE\0\0', 0x80, 'latin1');
    for (const [name, type] of [
      ['ForgeArm datasheet.pdf', 'application/pdf'],
      ['line.mp4', 'video/mp4'],
      ['line.webm', 'video/webm'],
      ['setup.exe', 'application/octet-stream'],
    ] as const) {
      const refused = await upload(program, name, type).expect(415);
      expect(refused.body.error).toMatch(/can be uploaded/);
    }
    expect(await count()).toBe(before);
    const received = path.join(t.dataDir, 'uploads');
    expect(existsSync(received) ? readdirSync(received) : []).toEqual([]);
  });

  it('is refused when it only starts like one, claims another type, or is over its limit', async () => {
    const before = await count();
    const cut = makePdf().subarray(0, 200);
    expect((await upload(cut, 'cut.pdf').expect(422)).body.error).toMatch(/could not be read/i);
    const named = await upload(makePdf(), 'brochure.docx').expect(415);
    expect(named.body.error).toContain('PDF');
    const big = Buffer.concat([makePdf(), Buffer.alloc(64 * 1024)]);
    const tooBig = await upload(big, 'big.pdf').expect(413);
    expect(tooBig.body.error).toContain('0.1 MB');
    expect(await count()).toBe(before);
  });
});

// ffmpeg makes each video and its still: slow on a busy machine, so a longer deadline.
describe('a video', { timeout: 90_000 }, () => {
  it.each(['mp4', 'webm'] as const)(
    'in %s gets its size and a still with responsive copies, and is served in ranges without its metadata',
    async (format) => {
      // A phone's clip of the factory floor says where, when and with what it was recorded.
      const video = await makeVideo(format, {
        tags: {
          location: '+41.1496-008.6109/',
          comment: 'Line 3, north hall',
          make: 'Apple',
          model: 'iPhone 15 Pro',
          creation_time: '2026-03-02T09:41:00Z',
        },
      });
      const uploaded = await videoFacts(video, format);
      expect(uploaded.tags.join('\n')).toMatch(/41\.1496/);
      const res = await upload(video, `line.${format}`, `video/${format}`).expect(201);
      const item = res.body.data as MediaItem;
      expect(item).toMatchObject({ type: `video/${format}`, width: 320, height: 240 });
      expect(item.url).toMatch(new RegExp(`^/media/\\d+/[0-9a-f]{16}-320x240\\.${format}$`));

      const whole = await fetchFile(item.url).expect(200);
      expect(whole.headers['content-type']).toBe(`video/${format}`);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['content-disposition']).toBe('inline');
      const served = whole.body as Buffer;
      expect(item.bytes).toBe(served.length);
      // The same pictures and sound, packet for packet, and none of what was said about them.
      const kept = await videoFacts(served, format);
      expect(kept.streams).toEqual(uploaded.streams);
      expect(kept.packets).toEqual(uploaded.packets);
      expect(kept.duration).toBeCloseTo(uploaded.duration, 1);
      const tags = kept.tags.join('\n');
      for (const told of ['41.1496', 'Line 3', 'Apple', 'iPhone', '2026']) {
        expect(tags).not.toContain(told);
        expect(served.includes(told, 0, 'latin1')).toBe(false);
      }
      const part = await fetchFile(item.url, { Range: 'bytes=100-1123' }).expect(206);
      expect(part.headers['content-range']).toBe(`bytes 100-1123/${served.length}`);
      expect(Buffer.compare(part.body as Buffer, served.subarray(100, 1124))).toBe(0);
      await request(t.app)
        .get(item.url)
        .set('Range', `bytes=${served.length + 10}-`)
        .expect(416);

      const still = responsiveImage(item.poster_url!)!;
      expect([still.width, still.height]).toEqual([320, 240]);
      const poster = await fetchFile(item.poster_url!).expect(200);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(poster.body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([320, 240]);
      const avif = still.sources[0]!.srcset.split(' ')[0]!;
      expect((await fetchFile(avif).expect(200)).headers['content-type']).toBe('image/avif');
    },
  );

  it('turned by its display rotation is as wide and high as it is shown', async () => {
    const upright = await makeVideo('mp4', { rotate: 90 });
    const item = (await upload(upright, 'phone.mp4').expect(201)).body.data as MediaItem;
    expect([item.width, item.height]).toEqual([240, 320]);
    const still = await sharp(
      (await fetchFile(item.poster_url!).expect(200)).body as Buffer,
    ).metadata();
    expect([still.width, still.height]).toEqual([240, 320]);
  });

  it('in .m4v is taken as MP4 under the type Chrome and Safari send for it (video/x-m4v)', async () => {
    // The same H.264 and AAC in the iTunes flavour of MP4 (brand "M4V "), as ffmpeg writes a .m4v.
    const dir = mkdtempSync(path.join(tmpdir(), 'm4v-'));
    try {
      writeFileSync(path.join(dir, 'clip.mp4'), await makeVideo('mp4'));
      await promisify(execFile)('ffmpeg', [
        ...['-v', 'error', '-i', path.join(dir, 'clip.mp4'), '-c', 'copy'],
        path.join(dir, 'clip.m4v'),
      ]);
      const m4v = readFileSync(path.join(dir, 'clip.m4v'));
      expect(m4v.toString('latin1', 4, 12)).toBe('ftypM4V ');
      const res = await upload(m4v, 'Line 3.m4v', 'video/x-m4v').expect(201);
      expect(res.body.data).toMatchObject({
        type: 'video/mp4',
        width: 320,
        height: 240,
        name: 'Line 3.m4v',
      });
      // Other claims are still checked against what the file is.
      await upload(m4v, 'Line 3.m4v', 'video/webm').expect(415);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is refused when it is not one a browser plays, claims another type, is broken or too large', async () => {
    const before = await count();
    const mp4 = await makeVideo('mp4');
    const claimed = await upload(mp4, 'clip.webm', 'video/webm').expect(415);
    expect(claimed.body.error).toMatch(/MP4/);
    const broken = Buffer.concat([mp4.subarray(0, 4096), Buffer.alloc(4096, 7)]);
    await upload(broken, 'broken.mp4').expect(422);
    const big = await makeVideo('mp4', { width: 640, height: 480, seconds: 1, noise: true });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(big, 'big.mp4').expect(413)).body.error).toContain('1 MB');
    await upload(Buffer.from('just text, no video'), 'notes.mp4').expect(415);
    expect(await count()).toBe(before);
    // Nothing received stays behind.
    const received = path.join(t.dataDir, 'uploads');
    expect(existsSync(received) ? readdirSync(received) : []).toEqual([]);
  });
});

// ffmpeg makes each video and its still: slow on a busy machine, so a longer deadline.
/** supertest picks a new port per request: a fixed Host lets the page cache keep the home page. */
const page = (path: string) => request(t.app).get(path).set('Host', 'www.forge.test');

/** Asks until the page comes from the cache. */
async function cachedPage(path: string) {
  for (let i = 0; i < 100; i++) {
    const res = await page(path).expect(200);
    if (res.headers['x-cache'] === 'HIT') return res.text;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} never came from the cache`);
}

describe('the hero and what uses each file', { timeout: 90_000 }, () => {
  it('sets the home page hero from the library, shows it there, and keeps its files from deletion', async () => {
    const video = (await upload(await makeVideo('webm'), 'hero.webm').expect(201)).body
      .data as MediaItem;
    const still = (await upload(await makeImage('jpeg'), 'still.jpg').expect(201)).body
      .data as MediaItem;
    const pdf = (await upload(makePdf(), 'sheet.pdf').expect(201)).body.data as MediaItem;

    // Cached before the change: the change must not be hidden by the page cache.
    const before = await cachedPage('/');
    expect(before).toContain('class="hero-poster ');
    await cachedPage('/de');
    await admin.put('/api/media/hero').send({ video_id: pdf.id, poster_id: null }).expect(400);
    await admin
      .put('/api/media/hero')
      .send({ video_id: video.id, poster_id: video.id })
      .expect(400);
    const hero = await admin
      .put('/api/media/hero')
      .send({ video_id: video.id, poster_id: still.id })
      .expect(200);
    expect(hero.body.data).toMatchObject({
      video: { id: video.id, url: video.url, type: 'video/webm', poster_url: video.poster_url },
      poster: { id: still.id, url: still.url, width: 640, height: 480 },
    });
    expect((await request(t.app).get('/api/media/hero').expect(200)).body.data).toEqual(
      hero.body.data,
    );
    // The home page plays it, muted, looped and inline, only without reduced motion, over the still.
    const home = (await page('/de').expect(200)).text;
    expect(home).toContain(
      `<source src="${video.url}" type="video/webm" media="(prefers-reduced-motion: no-preference)"/>`,
    );
    expect(home).toMatch(/<video[^>]*muted=""[^>]*loop=""[^>]*playsInline=""/);
    expect(home).toContain(`poster="${still.url}"`);
    expect(home).toMatch(new RegExp(`<img src="${still.url}" width="640" height="480"`));
    expect(home).not.toContain('class="hero-poster ');

    const list = (await admin.get('/api/media').expect(200)).body.data as MediaItem[];
    // A page of one kind: the article form's picker asks for images only.
    const videos = await admin.get('/api/media?page=1&kind=video').expect(200);
    const onlyVideos = videos.body.data as MediaItem[];
    expect(onlyVideos.map((m) => m.id)).toContain(video.id);
    expect(onlyVideos.every((m) => m.type.startsWith('video/'))).toBe(true);
    expect(videos.headers['x-total-count']).toBe(String(onlyVideos.length));
    const images = (await admin.get('/api/media?page=1&kind=image').expect(200)).body.data;
    expect((images as MediaItem[]).every((m) => m.type.startsWith('image/'))).toBe(true);
    await admin.get('/api/media?page=1&kind=spreadsheet').expect(400);
    expect(list.find((m) => m.id === video.id)?.used_by).toEqual([{ site: 'hero-video' }]);
    expect(list.find((m) => m.id === still.id)?.used_by).toEqual([{ site: 'hero-poster' }]);
    const refused = await admin.delete(`/api/media/${video.id}`).expect(409);
    expect(refused.body.error).toMatch(/hero/);

    // The video alone: its own still is the poster.
    await cachedPage('/');
    await admin.put('/api/media/hero').send({ video_id: video.id, poster_id: null }).expect(200);
    expect((await page('/').expect(200)).text).toContain(`poster="${video.poster_url}"`);
    await cachedPage('/');
    await admin.put('/api/media/hero').send({ video_id: null, poster_id: null }).expect(200);
    expect((await page('/').expect(200)).text).toContain('class="hero-poster ');
    await admin.delete(`/api/media/${video.id}`).expect(200);
    await request(t.app).get(video.url).expect(404);
    await request(t.app).get(video.poster_url!).expect(404);

    // A PDF linked from an article's text is in use by it.
    await admin
      .post('/api/news')
      .send({
        title: 'Datasheet',
        excerpt: 'E',
        content: `Download the [datasheet](${pdf.url}).`,
        category: 'robotics',
        slug: 'datasheet',
        published: true,
      })
      .expect(201);
    // The article's page links it: the reader gets the download.
    const article = (await request(t.app).get('/datasheet').expect(200)).text;
    expect(article).toMatch(new RegExp(`<a href="${pdf.url}"[^>]*>datasheet</a>`));
    const after = (await admin.get('/api/media').expect(200)).body.data as MediaItem[];
    expect(after.find((m) => m.id === pdf.id)?.used_by).toEqual([
      { id: expect.any(Number), slug: 'datasheet', title: 'Datasheet', as: ['content'] },
    ]);
    await admin.delete(`/api/media/${pdf.id}`).expect(409);
  });
});
