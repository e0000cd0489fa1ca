import { execFile } from 'node:child_process';
import { rename, rm } from 'node:fs/promises';
import type { VideoType } from '#shared/media';
import { AppError, ServiceUnavailableError } from '../../errors';

/**
 * What a video really is, asked of ffprobe (FFmpeg), its copy without
 * metadata and its still, made by ffmpeg: separate processes, each with a
 * deadline, so a malformed or huge file costs the server neither its memory
 * nor its time.
 */

/**
 * What each ffprobe or ffmpeg run may take. An upload runs three (the probe,
 * the copy without metadata, the still); docs/deploy.md's nginx waits longer.
 */
export const VIDEO_STEP_DEADLINE_MS = 60_000;
/** Largest still ffmpeg may hand back (a 4K JPEG is well under 3 MB). */
const STILL_MAX_BYTES = 20 * 1024 * 1024;
/** Largest picture a video may have (8K UHD). */
const MAX_SIDE = 7680;

/** The codecs each container may carry (what browsers play). */
const CODECS: Record<VideoType, string[]> = {
  'video/mp4': ['h264', 'hevc', 'av1'],
  'video/webm': ['vp8', 'vp9', 'av1'],
};

export type ProbedVideo = { width: number; height: number; duration: number | null };

type Stream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
};

function run(command: string, args: string[], maxBuffer: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { encoding: 'buffer', maxBuffer, timeout: VIDEO_STEP_DEADLINE_MS, killSignal: 'SIGKILL' },
      (error, stdout) => {
        if (!error) return resolve(stdout);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return reject(new ServiceUnavailableError('apiErrors.media.noFfmpeg'));
        }
        reject(
          new AppError(
            422,
            error.killed ? 'apiErrors.media.videoTimeout' : 'apiErrors.media.unreadableFile',
          ),
        );
      },
    );
  });
}

/** The picture's width and height as it is shown: a video turned by 90° swaps them. */
function shownSize(stream: Stream): { width: number; height: number } {
  const rotation = Number(
    stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
      stream.tags?.rotate ??
      0,
  );
  const quarter = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  const [width, height] = [stream.width ?? 0, stream.height ?? 0];
  return quarter ? { width: height, height: width } : { width, height };
}

/**
 * The video's shown size and length, once ffprobe confirms the container
 * its first bytes named and finds a video stream in a codec browsers play;
 * 415 otherwise, 422 for a file it cannot read.
 */
export async function probeVideo(path: string, type: VideoType): Promise<ProbedVideo> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path];
  let info: { format?: { format_name?: string; duration?: string }; streams?: Stream[] };
  try {
    info = JSON.parse((await run('ffprobe', args, 4 * 1024 * 1024)).toString('utf8'));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(422, 'apiErrors.media.unreadableFile');
  }
  const formats = (info.format?.format_name ?? '').split(',');
  if (!formats.includes(type === 'video/webm' ? 'webm' : 'mp4')) {
    throw new AppError(415, 'apiErrors.media.unsupported');
  }
  const video = (info.streams ?? []).find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic,
  );
  if (!video) throw new AppError(415, 'apiErrors.media.noVideo');
  if (!CODECS[type].includes(video.codec_name ?? '')) {
    throw new AppError(415, 'apiErrors.media.videoCodec').with({
      codec: String(video.codec_name ?? '?'),
    });
  }
  const { width, height } = shownSize(video);
  if (width < 1 || height < 1) throw new AppError(422, 'apiErrors.media.unreadableFile');
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new AppError(413, 'apiErrors.media.videoTooWide').with({ max: MAX_SIDE });
  }
  const duration = Number(info.format?.duration);
  return { width, height, duration: Number.isFinite(duration) ? duration : null };
}

/**
 * Rewrites the video at `path` with its pictures and sound as they are (no
 * re-encoding) and nothing else: no tags (a phone's GPS position, device,
 * recording time, comments), no chapters, and none of the other streams
 * (timed metadata and telemetry, such as a drone's position in a subtitle
 * track, cover pictures). The display rotation, a property of the picture,
 * stays. MP4s get their index first, so playback starts before the whole
 * file has arrived. The copy replaces the file once it is complete.
 */
export async function stripVideoMetadata(path: string, type: VideoType): Promise<void> {
  const copy = `${path}.stripped.upload`;
  const format = type === 'video/webm' ? ['-f', 'webm'] : ['-movflags', '+faststart', '-f', 'mp4'];
  try {
    await run(
      'ffmpeg',
      [
        '-v',
        'error',
        '-i',
        path,
        // Every video stream but cover pictures, and the sound, if any.
        '-map',
        '0:V',
        '-map',
        '0:a?',
        '-map_metadata',
        '-1',
        '-map_chapters',
        '-1',
        '-c',
        'copy',
        ...format,
        '-y',
        copy,
      ],
      1024 * 1024,
    );
    await rename(copy, path);
  } catch (error) {
    await rm(copy, { force: true });
    throw error;
  }
}

/**
 * A JPEG of one frame, turned as the video is shown: a second in (the
 * first frame is often black), or the first frame of a shorter video.
 */
export async function videoStill(path: string, duration: number | null): Promise<Buffer> {
  const frame = (at: number) =>
    run(
      'ffmpeg',
      [
        '-v',
        'error',
        '-ss',
        String(at),
        '-i',
        path,
        '-frames:v',
        '1',
        '-an',
        '-f',
        'image2pipe',
        '-c:v',
        'mjpeg',
        '-q:v',
        '3',
        'pipe:1',
      ],
      STILL_MAX_BYTES,
    );
  const at = duration !== null && duration > 2 ? 1 : 0;
  const still = await frame(at);
  if (still.length > 0) return still;
  const first = at > 0 ? await frame(0) : still;
  if (first.length === 0) throw new AppError(422, 'apiErrors.media.unreadableFile');
  return first;
}
