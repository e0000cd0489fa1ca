import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Real documents and videos for upload tests: videos encoded by ffmpeg from
 * its test pattern, PDFs written with a correct cross-reference table.
 */

const run = promisify(execFile);

export type VideoFormat = 'mp4' | 'webm';

/**
 * A short video of ffmpeg's test pattern (with a tone): H.264
 * in MP4, VP9 in WebM; with `noise`, grain that does not compress (a large file).
 */
export async function makeVideo(
  format: VideoFormat,
  {
    width = 320,
    height = 240,
    seconds = 2,
    rotate,
    noise = false,
    tags = {},
  }: {
    width?: number;
    height?: number;
    seconds?: number;
    /** A display rotation written into the MP4 (90: a phone held upright). */
    rotate?: number;
    noise?: boolean;
    /** Metadata written into the file, as a phone does (`location`, `comment`…). */
    tags?: Record<string, string>;
  } = {},
): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'video-'));
  const file = path.join(dir, `clip.${format}`);
  const codec =
    format === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac']
      : ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-b:v', '200k', '-c:a', 'libopus'];
  try {
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${width}x${height}:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      ...(noise ? ['-vf', 'noise=alls=80:allf=t+u'] : []),
      ...codec,
      ...Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]),
      file,
    ]);
    if (rotate === undefined) return readFileSync(file);
    // ffmpeg 5 writes the display rotation when it copies the streams into a new file.
    const turned = path.join(dir, `turned.${format}`);
    const copy = ['-v', 'error', '-i', file, '-map', '0', '-c', 'copy'];
    await run('ffmpeg', [...copy, '-metadata:s:v:0', `rotate=${rotate}`, turned]);
    return readFileSync(turned);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A one-page PDF saying `text`, as a PDF writer lays it out (objects, xref, trailer, %%EOF). */
export function makePdf(text = 'Forge Industrial datasheet'): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** What a player finds in a video: its length, its streams, their packets' hashes, and its tags. */
export type VideoFacts = {
  duration: number;
  streams: { type: string; codec: string; width?: number; height?: number }[];
  /** One line per stream: `0,v,MD5=…` (the packets as they are, not decoded). */
  packets: string[];
  /** Every tag of the file and of its streams, as `key=value`. */
  tags: string[];
};

type Probed = {
  format: { duration: string; tags?: Record<string, string> };
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    tags?: Record<string, string>;
  }[];
};

export async function videoFacts(video: Buffer, format: VideoFormat): Promise<VideoFacts> {
  const dir = mkdtempSync(path.join(tmpdir(), 'video-'));
  const file = path.join(dir, `clip.${format}`);
  try {
    writeFileSync(file, video);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    ]);
    const probed = JSON.parse(stdout) as Probed;
    const hashes = await run('ffmpeg', [
      ...['-v', 'error', '-i', file, '-map', '0', '-c', 'copy'],
      ...['-f', 'streamhash', '-hash', 'md5', '-'],
    ]);
    const tagsOf = (tags: Record<string, string> = {}) =>
      Object.entries(tags).map(([key, value]) => `${key}=${value}`);
    return {
      duration: Number(probed.format.duration),
      streams: probed.streams.map((s) => ({
        type: s.codec_type,
        codec: s.codec_name,
        ...(s.width !== undefined && { width: s.width, height: s.height }),
      })),
      packets: hashes.stdout.trim().split('\n'),
      tags: [...tagsOf(probed.format.tags), ...probed.streams.flatMap((s) => tagsOf(s.tags))],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
