import fs from 'node:fs';

/** The file calls the destination makes; tests hand in their own to stall or fail writes. */
export type LogIo = {
  write(
    fd: number,
    buffer: Buffer,
    callback: (error: NodeJS.ErrnoException | null, written: number) => void,
  ): void;
  writeSync(fd: number, buffer: Buffer): number;
};

export type LogDestination = {
  /** Takes one finished line (pino's `write`); written in blocks, off the request path. */
  write(line: string): boolean;
  /** Starts writing what is waiting, even less than a block. */
  flush(): void;
  /**
   * Resolves true once every line handed in so far is written (or given up
   * on), or false after `waitMs` if the output does not take them (a pipe
   * nobody reads): a stopping server must not wait for its log forever.
   */
  drain(waitMs: number): Promise<boolean>;
  /** Writes what is waiting at once, blocking; for the process's `exit`. */
  flushSync(): void;
};

const nodeIo: LogIo = {
  write: (fd, buffer, callback) => fs.write(fd, buffer, 0, buffer.length, null, callback),
  writeSync: (fd, buffer) => fs.writeSync(fd, buffer),
};

const RETRY_MS = 10;
const SYNC_RETRIES = 100;

/**
 * A log destination that gathers lines and writes them in blocks of
 * `blockBytes`, one write at a time, on libuv's threads. Each line costs an
 * array push; a block is joined once, when it is written. (pino's own
 * asynchronous destination appends each line to one growing string and
 * measures that string's bytes on every line, which flattens it: a cost per
 * line that grows with the block.)
 *
 * A full pipe (`EAGAIN`) is retried, a short write goes on from where it
 * stopped. Lines wait in memory up to `maxBytes`; beyond that (nothing reads
 * the output) new lines are counted and dropped, and `droppedLine` reports
 * how many once writing works again.
 */
export function createLogDestination(options: {
  fd: number;
  blockBytes?: number;
  maxBytes?: number;
  droppedLine: (count: number) => string;
  io?: LogIo;
}): LogDestination {
  const { fd, droppedLine, io = nodeIo } = options;
  const blockBytes = options.blockBytes ?? 64 * 1024;
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  let lines: string[] = [];
  /** Characters waiting: a line's bytes are at least its characters, close enough for a threshold. */
  let waiting = 0;
  let dropped = 0;
  /** The block being written, from where the last write stopped. */
  let inFlight: Buffer | null = null;
  /** The block in flight waits for a full pipe to take it, not for a write already under way. */
  let retrying = false;
  let drained: (() => void)[] = [];

  function take(): Buffer | null {
    if (dropped > 0) {
      lines.unshift(droppedLine(dropped));
      dropped = 0;
    }
    if (lines.length === 0) return null;
    const block = Buffer.from(lines.join(''));
    lines = [];
    waiting = 0;
    return block;
  }

  function writeNext(): void {
    if (inFlight) return;
    inFlight = take();
    if (inFlight) return writeBlock();
    const waiters = drained;
    drained = [];
    for (const resolve of waiters) resolve();
  }

  function writeBlock(): void {
    const block = inFlight!;
    io.write(fd, block, (error, written) => {
      if (error?.code === 'EAGAIN') {
        retrying = true;
        setTimeout(() => {
          retrying = false;
          if (inFlight === block) writeBlock();
        }, RETRY_MS).unref();
        return;
      }
      // Any other failure (a closed stdout) loses this block: there is nowhere to report it.
      inFlight = error || written >= block.length ? null : block.subarray(written);
      if (inFlight) return writeBlock();
      if (waiting >= blockBytes || drained.length > 0) writeNext();
    });
  }

  return {
    write(line) {
      if (waiting + line.length > maxBytes) {
        dropped += 1;
        return false;
      }
      lines.push(line);
      waiting += line.length;
      if (waiting >= blockBytes) writeNext();
      return true;
    },
    flush: writeNext,
    drain(waitMs) {
      if (!inFlight && lines.length === 0 && dropped === 0) return Promise.resolve(true);
      const done = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), waitMs);
        drained.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      writeNext();
      return done;
    },
    flushSync() {
      // A block whose write is under way on libuv's thread is left to it; one
      // waiting to retry a full pipe goes first.
      if (inFlight && retrying) {
        writeAllSync(io, fd, inFlight);
        inFlight = null;
      }
      const rest = take();
      if (rest) writeAllSync(io, fd, rest);
    },
  };
}

/** Blocking write of a whole buffer, waiting out a full pipe for up to a second. */
function writeAllSync(io: LogIo, fd: number, block: Buffer): void {
  let rest = block;
  for (let retries = 0; rest.length > 0 && retries < SYNC_RETRIES;) {
    try {
      rest = rest.subarray(io.writeSync(fd, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      retries += 1;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
    }
  }
}
