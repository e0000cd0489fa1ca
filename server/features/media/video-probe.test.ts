import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeVideo } from '../../../tests/support/media-files';
import { stripVideoMetadata } from './video-probe';

/** A received video rewritten without its metadata (its serving: upload.documents-and-videos.test.ts). */

const work = mkdtempSync(path.join(tmpdir(), 'strip-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('stripVideoMetadata', { timeout: 60_000 }, () => {
  it('replaces the file with its copy, leaving nothing else beside it', async () => {
    const dir = mkdtempSync(path.join(work, 'ok-'));
    const file = path.join(dir, 'clip.upload');
    const video = await makeVideo('mp4', { tags: { location: '+41.1496-008.6109/' } });
    writeFileSync(file, video);
    await stripVideoMetadata(file, 'video/mp4');
    expect(readdirSync(dir)).toEqual(['clip.upload']);
    expect(readFileSync(file).includes('+41.1496', 0, 'latin1')).toBe(false);
  });

  it('refuses a file ffmpeg cannot copy with the unreadable-file error, keeping it as it was', async () => {
    const dir = mkdtempSync(path.join(work, 'broken-'));
    const file = path.join(dir, 'clip.upload');
    // The start of an MP4 and nothing a demuxer can read after it.
    const video = await makeVideo('mp4');
    const broken = Buffer.concat([video.subarray(0, 32), Buffer.alloc(4096, 7)]);
    writeFileSync(file, broken);
    await expect(stripVideoMetadata(file, 'video/mp4')).rejects.toMatchObject({
      status: 422,
      message: 'apiErrors.media.unreadableFile',
    });
    expect(readdirSync(dir)).toEqual(['clip.upload']);
    expect(Buffer.compare(readFileSync(file), broken)).toBe(0);
  });
});
