import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogDestination, type LogIo } from './log-destination';

type Call = {
  text: string;
  answer(error: NodeJS.ErrnoException | null, written?: number): void;
};

/** File calls that wait to be answered, so a test decides when (and how) each write ends. */
function heldIo() {
  const calls: Call[] = [];
  const synced: string[] = [];
  let syncFailures: NodeJS.ErrnoException[] = [];
  const io: LogIo = {
    write(_fd, buffer, callback) {
      calls.push({
        text: buffer.toString(),
        answer: (error, written = error ? 0 : buffer.length) => callback(error, written),
      });
    },
    writeSync(_fd, buffer) {
      const failure = syncFailures.shift();
      if (failure) throw failure;
      synced.push(buffer.toString());
      return buffer.length;
    },
  };
  return {
    io,
    calls,
    synced,
    failSyncWith: (...errors: NodeJS.ErrnoException[]) => (syncFailures = errors),
  };
}

const eagain = () => Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });
const droppedLine = (count: number) => `dropped ${count}\n`;

describe('the log destination', () => {
  afterEach(() => vi.useRealTimers());

  it('writes nothing until a block is full, then the block in one write', () => {
    const { io, calls } = heldIo();
    const log = createLogDestination({ fd: 1, blockBytes: 20, droppedLine, io });
    log.write('one 1234\n');
    log.write('two 1234\n');
    expect(calls).toHaveLength(0);
    log.write('three 12\n');
    expect(calls.map((c) => c.text)).toEqual(['one 1234\ntwo 1234\nthree 12\n']);
  });

  it('keeps one write at a time, in order: lines that come meanwhile wait for it', () => {
    const { io, calls } = heldIo();
    const log = createLogDestination({ fd: 1, blockBytes: 10, droppedLine, io });
    log.write('first 12345\n');
    log.write('second 1234\n');
    log.write('third 12345\n');
    expect(calls).toHaveLength(1);
    calls[0]!.answer(null);
    expect(calls.map((c) => c.text)).toEqual(['first 12345\n', 'second 1234\nthird 12345\n']);
  });

  it('writes less than a block when flushed, and drain resolves once it is written', async () => {
    const { io, calls } = heldIo();
    const log = createLogDestination({ fd: 1, blockBytes: 1000, droppedLine, io });
    log.write('a line\n');
    let drained = false;
    const done = log.drain(60_000).then((all) => (drained = all));
    expect(calls.map((c) => c.text)).toEqual(['a line\n']);
    log.write('later\n');
    calls[0]!.answer(null);
    await Promise.resolve();
    expect(drained).toBe(false);
    expect(calls.map((c) => c.text)).toEqual(['a line\n', 'later\n']);
    calls[1]!.answer(null);
    await done;
    expect(drained).toBe(true);
    await expect(log.drain(60_000)).resolves.toBe(true);
  });

  it('stops waiting for a pipe that takes nothing, and says so', async () => {
    vi.useFakeTimers();
    const { io, calls } = heldIo();
    const log = createLogDestination({ fd: 1, blockBytes: 1000, droppedLine, io });
    log.write('never taken\n');
    let answer: boolean | undefined;
    const done = log.drain(2000).then((all) => (answer = all));
    calls[0]!.answer(eagain());
    await vi.advanceTimersByTimeAsync(1999);
    // Retried once, and the retry hangs, as a write to a pipe nobody reads does.
    expect(calls).toHaveLength(2);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(false);
  });

  it('goes on from where a short write stopped', () => {
    const { io, calls } = heldIo();
    const log = createLogDestination({ fd: 1, blockBytes: 5, droppedLine, io });
    log.write('abcdefgh\n');
    calls[0]!.answer(null, 3);
    expect(calls.map((c) => c.text)).toEqual(['abcdefgh\n', 'defgh\n']);
  });

  it('retries a full pipe (EAGAIN) without losing or repeating a line', () => {
    vi.useFakeTimers();
    const { io, calls } = heldIo();
    const log = createLogDestination({ fd: 1, blockBytes: 5, droppedLine, io });
    log.write('line one\n');
    calls[0]!.answer(eagain());
    log.write('line two\n');
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(10);
    expect(calls.map((c) => c.text)).toEqual(['line one\n', 'line one\n']);
    calls[1]!.answer(null);
    expect(calls.map((c) => c.text).slice(2)).toEqual(['line two\n']);
  });

  it('drops what does not fit while nothing reads, and says how much once writing works again', () => {
    const { io, calls } = heldIo();
    const log = createLogDestination({ fd: 1, blockBytes: 10, maxBytes: 25, droppedLine, io });
    log.write('block 12345\n');
    expect(log.write('kept 1234\n')).toBe(true);
    expect(log.write('kept 5678\n')).toBe(true);
    expect(log.write('lost 1234\n')).toBe(false);
    expect(log.write('lost 5678\n')).toBe(false);
    calls[0]!.answer(null);
    expect(calls[1]!.text).toBe('dropped 2\nkept 1234\nkept 5678\n');
  });

  it('writes what waits at exit at once, and a block waiting to retry goes first', () => {
    vi.useFakeTimers();
    const { io, calls, synced, failSyncWith } = heldIo();
    const log = createLogDestination({ fd: 1, blockBytes: 5, droppedLine, io });
    log.write('retrying\n');
    calls[0]!.answer(eagain());
    log.write('waiting\n');
    failSyncWith(eagain());
    log.flushSync();
    expect(synced).toEqual(['retrying\n', 'waiting\n']);
    // The retry timer finds the block written and does not write it again.
    vi.advanceTimersByTime(10);
    expect(calls).toHaveLength(1);
  });

  it('leaves a block whose write is under way to that write at exit', () => {
    const { io, calls, synced } = heldIo();
    const log = createLogDestination({ fd: 1, blockBytes: 5, droppedLine, io });
    log.write('under way\n');
    log.write('waiting\n');
    log.flushSync();
    expect(calls.map((c) => c.text)).toEqual(['under way\n']);
    expect(synced).toEqual(['waiting\n']);
  });

  it('writes every line to a real file, in order, by the time it is drained', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'log-destination-'));
    const file = path.join(dir, 'out.log');
    const fd = openSync(file, 'w');
    try {
      const log = createLogDestination({ fd, blockBytes: 4096, droppedLine });
      const lines = Array.from({ length: 5000 }, (_, i) => `{"n":${i},"text":"héllo ✓"}\n`);
      for (const line of lines) log.write(line);
      await expect(log.drain(10_000)).resolves.toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
