import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { accessLogger, createLogger, droppedLinesWarning, writeInfoLine } from './logger';

function captured(level = 'info') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger({ logLevel: level as 'info' }, sink), lines };
}

describe('the logger', () => {
  afterEach(() => vi.useRealTimers());

  it('writes a line made from JSON members byte for byte as pino writes the same object', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T23:30:00.123Z') });
    const { logger, lines } = captured();
    const access = accessLogger(logger);
    const fields = {
      req: { id: 'cache-7', method: 'GET', url: '/news?q="x"\\', userAgent: 'Bot ✓ \u0001' },
      res: { statusCode: 200 },
      responseTime: 0.25,
      cache: 'hit',
    };
    access.info(fields, 'request completed');
    const members = JSON.stringify(fields).slice(1, -1);
    const throughPino = vi.spyOn(access, 'info');
    writeInfoLine(access, members, 'request completed');
    // Made here, not by pino's walk over an object.
    expect(throughPino).not.toHaveBeenCalled();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(lines[0]);
    expect(JSON.parse(lines[1]!)).toMatchObject({
      level: 30,
      time: '2026-11-23T23:30:00.123Z',
      service: 'site',
      req: fields.req,
      msg: 'request completed',
    });
  });

  it('writes through pino a logger it did not make, with the same bytes', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T23:30:00.123Z') });
    const { logger, lines } = captured();
    const other = accessLogger(logger).child({ feature: 'pages' });
    other.info({ cache: 'hit' }, 'request completed');
    writeInfoLine(other, '"cache":"hit"', 'request completed');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(lines[0]);
  });

  it('writes no such line below its level', () => {
    const { logger, lines } = captured('warn');
    writeInfoLine(logger, '"cache":"hit"', 'request completed');
    expect(lines).toEqual([]);
  });

  it('stamps each line with its own millisecond', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T23:30:00.001Z') });
    const { logger, lines } = captured();
    logger.info('first');
    logger.info('same millisecond');
    vi.advanceTimersByTime(1);
    logger.info('next');
    expect(lines.map((line) => JSON.parse(line).time)).toEqual([
      '2026-11-23T23:30:00.001Z',
      '2026-11-23T23:30:00.001Z',
      '2026-11-23T23:30:00.002Z',
    ]);
  });

  it('hands a stream that routes by level the line through pino, so it is routed as info', () => {
    const info: string[] = [];
    const warnings: string[] = [];
    const sink = (lines: string[]) =>
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
    const streams = pino.multistream([
      { level: 'info', stream: sink(info) },
      { level: 'warn', stream: sink(warnings) },
    ]);
    const logger = createLogger({ logLevel: 'info' }, streams);
    logger.warn('a warning first');
    writeInfoLine(logger, '"cache":"hit"', 'request completed');
    expect(warnings).toHaveLength(1);
    expect(info.map((line) => JSON.parse(line).msg)).toEqual([
      'a warning first',
      'request completed',
    ]);
    expect(JSON.parse(info[1]!)).toMatchObject({ level: 30, cache: 'hit', service: 'site' });
  });

  it("reports dropped lines as a warning in the logger's own format", () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T00:40:00.000Z') });
    const { logger, lines } = captured();
    logger.warn({ dropped: 12 }, 'log lines dropped: stdout did not keep up');
    expect(droppedLinesWarning(12)).toBe(lines[0]);
  });
});
