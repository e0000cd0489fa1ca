import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeroMedia, MediaItem } from '#shared/media';
import { makeImage } from '../../../tests/support/images';
import { makeVideo } from '../../../tests/support/media-files';
import { createTestApp, signedIn, type TestApp } from '../../../tests/support/test-app';

/**
 * `PUT /api/media/hero` through the real app on SQLite: each part of the
 * hero is changed on its own, so two colleagues changing one part each do
 * not undo each other.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let video: MediaItem;
let still: MediaItem;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app);
  const upload = async (bytes: Buffer, name: string) =>
    (await admin.post('/api/media').attach('file', bytes, name).expect(201)).body.data as MediaItem;
  video = await upload(await makeVideo('mp4'), 'line.mp4');
  still = await upload(await makeImage('jpeg'), 'still.jpg');
}, 90_000);
afterAll(() => t.destroy());

const hero = async (): Promise<HeroMedia> =>
  (await request(t.app).get('/api/media/hero').expect(200)).body.data;

describe('PUT /api/media/hero', () => {
  it('naming only the still keeps the video a colleague chose, and the other way round', async () => {
    await admin.put('/api/media/hero').send({ video_id: video.id }).expect(200);
    const both = await admin.put('/api/media/hero').send({ poster_id: still.id }).expect(200);
    expect(both.body.data).toMatchObject({ video: { id: video.id }, poster: { id: still.id } });
    expect(await hero()).toEqual(both.body.data);

    // Back to the video's own still: the video stays.
    await admin.put('/api/media/hero').send({ poster_id: null }).expect(200);
    expect(await hero()).toMatchObject({ video: { id: video.id }, poster: null });
    await admin.put('/api/media/hero').send({ poster_id: still.id }).expect(200);
    // Back to the site's own video: the still stays.
    await admin.put('/api/media/hero').send({ video_id: null }).expect(200);
    expect(await hero()).toMatchObject({ video: null, poster: { id: still.id } });
  });

  it('still refuses an upload of the wrong kind, a body naming neither part, and other fields', async () => {
    const before = await hero();
    await admin.put('/api/media/hero').send({ poster_id: video.id }).expect(400);
    await admin.put('/api/media/hero').send({ video_id: still.id }).expect(400);
    const empty = await admin.put('/api/media/hero').send({}).expect(400);
    expect(empty.body.error).toBe(
      "Name the hero's video (video_id), its still (poster_id) or both",
    );
    await admin.put('/api/media/hero').send({ poster_id: still.id, title: 'x' }).expect(400);
    expect(await hero()).toEqual(before);
  });
});
