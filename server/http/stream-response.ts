import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

/** 'close' listeners a streamed response may hold (see makeRoomForPipeline). */
const MAX_LISTENERS = 20;

/**
 * Before `pipeline(…, res)`: the pipeline watches the response's end with
 * listeners of its own, on top of the ten or so every request's middleware
 * holds (in-flight count, request log, session, rate limits). That is more
 * than Node's warning level, and they go with the response: not a leak.
 */
export function makeRoomForPipeline(res: NodeJS.EventEmitter): void {
  res.setMaxListeners(Math.max(res.getMaxListeners(), MAX_LISTENERS));
}

/**
 * Sends a long answer as its parts come (a download read from the database
 * a batch at a time): each part waits until the client has taken the last
 * (backpressure), so memory holds a part or two, never the whole. A client
 * that goes away stops the reading. A failure once the first bytes are out
 * cuts the connection, so the client sees a broken download rather than a
 * short file that looks whole; it is thrown on to be logged.
 */
export async function sendParts(res: Response, parts: AsyncIterable<string>): Promise<void> {
  makeRoomForPipeline(res);
  try {
    await pipeline(Readable.from(parts), res);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    if (res.headersSent) res.destroy();
    throw err;
  }
}
