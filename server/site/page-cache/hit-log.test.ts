import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { createHitLog, type LoggedRequest } from './hit-log';

/** A logger at `level` whose lines the test reads. */
function capture(level: 'info' | 'warn') {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: level }, { write: (line: string) => lines.push(line) });
  return { logger, lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const request = (url: string, userAgent?: string): LoggedRequest => ({
  method: 'GET',
  url,
  socket: { remoteAddress: '127.0.0.1' },
  headers: { 'user-agent': userAgent },
});
const afterThisTurn = () => new Promise((r) => setImmediate(r));

describe('the request lines of cache hits', () => {
  it('writes the hits of one turn together, after it, in order and as the request logger would', async () => {
    const { logger, lines } = capture('info');
    const log = createHitLog(logger);
    log.record(request('/news', 'Reader "1" \\ x'), 200, performance.now());
    log.record(request('/de/kontakt'), 304, performance.now());
    expect(lines()).toEqual([]);
    await afterThisTurn();
    expect(lines()).toMatchObject([
      {
        level: 30,
        msg: 'request completed',
        reqId: 'cache-1',
        req: {
          id: 'cache-1',
          method: 'GET',
          url: '/news',
          remoteAddress: '127.0.0.1',
          userAgent: 'Reader "1" \\ x',
        },
        res: { statusCode: 200 },
        cache: 'hit',
      },
      { reqId: 'cache-2', req: { url: '/de/kontakt' }, res: { statusCode: 304 } },
    ]);
    // A visitor who sent no user agent gets none in the line, as pino leaves it out.
    expect(lines()[1]!.req).not.toHaveProperty('userAgent');
    expect(typeof lines()[0]!.responseTime).toBe('number');
  });

  it('writes a full batch at once, so a burst never waits long or piles up', async () => {
    const { logger, lines } = capture('info');
    const log = createHitLog(logger);
    for (let i = 0; i < 255; i++) log.record(request(`/news?page=${i}`), 200, performance.now());
    expect(lines()).toHaveLength(0);
    log.record(request('/news?page=255'), 200, performance.now());
    expect(lines()).toHaveLength(256);
    log.record(request('/'), 200, performance.now());
    await afterThisTurn();
    expect(lines()).toHaveLength(257);
    expect(lines().at(-1)).toMatchObject({ reqId: 'cache-257', req: { url: '/' } });
  });

  it('notes nothing when request lines are not logged', async () => {
    const { logger, lines } = capture('warn');
    createHitLog(logger).record(request('/'), 200, performance.now());
    await afterThisTurn();
    expect(lines()).toEqual([]);
  });
});
