import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

/**
 * Sends a long answer as its parts come (a download read from the database
 * a batch at a time): each part waits until the client has taken the last
 * (backpressure), so memory holds a part or two, never the whole. A client
 * that goes away stops the reading. A failure once the first bytes are out
 * cuts the connection, so the client sees a broken download rather than a
 * short file that looks whole; it is thrown on to be logged.
 */
export async function sendParts(res: Response, parts: AsyncIterable<string>): Promise<void> {
  try {
    await pipeline(Readable.from(parts), res);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    if (res.headersSent) res.destroy();
    throw err;
  }
}
