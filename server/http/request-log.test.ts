import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import {
  createRequestLog,
  levelOf,
  loggedUrl,
  milliseconds,
  type LoggedRequest,
} from './request-log';

/** A logger at `level` whose lines the test reads. */
function capture(level: 'info' | 'warn') {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: level }, { write: (line: string) => lines.push(line) });
  return {
    logger,
    lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    raw: () => lines,
  };
}

const request = (url: string, userAgent?: string, method = 'GET'): LoggedRequest => ({
  method,
  url,
  socket: { remoteAddress: '127.0.0.1' },
  headers: { 'user-agent': userAgent },
});
const afterThisTurn = () => new Promise((r) => setImmediate(r));

describe('the request lines', () => {
  it('writes the lines of one turn together, after it, in order', async () => {
    const { logger, lines } = capture('info');
    const log = createRequestLog(logger);
    const id = log.nextId();
    log.hit(request('/news', 'Reader "1" \\ x'), 200, performance.now());
    log.answered(request('/api/contacts', undefined, 'POST'), 201, performance.now(), id);
    log.hit(request('/de/kontakt'), 304, performance.now());
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
      { reqId: id, req: { id, method: 'POST', url: '/api/contacts' }, res: { statusCode: 201 } },
      { reqId: 'cache-2', req: { url: '/de/kontakt' }, res: { statusCode: 304 } },
    ]);
    // Only hits of the page cache say so; a visitor who sent no user agent gets none in the line.
    expect(lines()[1]).not.toHaveProperty('cache');
    expect(lines()[1]!.req).not.toHaveProperty('userAgent');
    expect(typeof lines()[0]!.responseTime).toBe('number');
  });

  it('gives each request its time in milliseconds to the microsecond, as JSON numbers', async () => {
    const { logger, lines, raw } = capture('info');
    const log = createRequestLog(logger);
    const now = performance.now();
    // Begun this long ago (ms): each written as the number it is, to a microsecond.
    const ago = [0, 0.0004, 0.001, 0.01, 0.0456, 0.1, 0.25, 0.307, 1, 12.5, 1234.5678];
    for (const ms of ago) log.hit(request('/'), 200, now - ms);
    // However long a loaded machine took over the hits, each was noted within it.
    const spent = performance.now() - now;
    await afterThisTurn();
    const times = lines().map((line) => line.responseTime as number);
    ago.forEach((ms, i) => {
      expect(times[i]).toBeGreaterThanOrEqual(Math.round(ms * 1000) / 1000);
      // The microseconds spent between the hit and now, and nothing below a microsecond.
      expect(times[i]).toBeLessThanOrEqual(Math.round((ms + spent) * 1000) / 1000 + 0.001);
      expect(raw()[i]).toMatch(/"responseTime":(0|[1-9]\d*)(\.\d{0,2}[1-9])?,/);
    });
  });

  it('writes whole microseconds as the milliseconds they are', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [1, '0.001'],
      [10, '0.01'],
      [45, '0.045'],
      [100, '0.1'],
      [307, '0.307'],
      [1000, '1'],
      [12_500, '12.5'],
      [12_050, '12.05'],
      [1_234_568, '1234.568'],
    ];
    for (const [microseconds, text] of cases) expect(milliseconds(microseconds)).toBe(text);
    for (let us = 0; us < 200_000; us += 7) expect(milliseconds(us)).toBe(String(us / 1000));
  });

  it('gives each request Express answers an id of its own, apart from other processes', () => {
    const { logger } = capture('info');
    const one = createRequestLog(logger);
    const ids = [one.nextId(), one.nextId(), createRequestLog(logger).nextId()];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('names the client as the given reading of its address does (TRUST_PROXY behind a proxy)', async () => {
    const { logger, lines } = capture('info');
    const forwarded = (req: LoggedRequest) => String(req.headers['x-forwarded-for'] ?? '');
    const log = createRequestLog(logger, forwarded);
    const behindProxy = { ...request('/news'), headers: { 'x-forwarded-for': '203.0.113.9' } };
    log.hit(behindProxy, 200, performance.now());
    log.answered(behindProxy, 200, performance.now(), log.nextId());
    await afterThisTurn();
    expect(lines().map((line) => (line.req as { remoteAddress: string }).remoteAddress)).toEqual([
      '203.0.113.9',
      '203.0.113.9',
    ]);
  });

  it('keeps share-link tokens out of what Express answered', async () => {
    const { logger, lines } = capture('info');
    const log = createRequestLog(logger);
    log.answered(request('/preview/AbC_d-123456789012345?lang=pt'), 200, 0, log.nextId());
    await afterThisTurn();
    expect(lines()[0]).toMatchObject({ req: { url: '/preview/[token]?lang=pt' } });
  });

  it("keeps a search out of the login page's next=, where it is URL-encoded", async () => {
    const { logger, raw } = capture('info');
    const log = createRequestLog(logger);
    // An admin whose session ended while searching the enquiries is sent to sign in first.
    const login = `/login?${new URLSearchParams({ next: '/admin/contacts?q=jane.doe@example.com' })}`;
    expect(login).toBe('/login?next=%2Fadmin%2Fcontacts%3Fq%3Djane.doe%40example.com');
    log.hit(request(login), 200, performance.now());
    log.answered(request(login), 200, 0, log.nextId());
    await afterThisTurn();
    expect(raw().join('\n')).not.toMatch(/jane|example\.com/);
    expect(loggedUrl(login)).toBe('/login?next=%2Fadmin%2Fcontacts%3Fq%3D[search]');
    // A name with a space (+), with other parameters around it, encoded twice, or spelt
    // so it cannot be decoded: never in the line.
    const named = `/login?${new URLSearchParams({ next: '/admin?tab=contacts&q=Ivan Petrov', lang: 'pt' })}`;
    expect(loggedUrl(named)).toBe('/login?next=%2Fadmin%3Ftab%3Dcontacts%26q%3D[search]&lang=pt');
    const twice = `/login?next=${encodeURIComponent(login)}`;
    expect(loggedUrl(twice)).not.toMatch(/jane/);
    expect(loggedUrl('/login?next=%2Fadmin%3Fq%3Djane%E0%A4%A')).toBe('/login?next=[next]');
    // An address with nothing to hide is logged as sent.
    expect(loggedUrl('/login?next=%2Fadmin%3Ftab%3Dcontacts%26contact%3D7')).toBe(
      '/login?next=%2Fadmin%3Ftab%3Dcontacts%26contact%3D7',
    );
  });

  it('writes refusals as warnings and failures as errors at once', () => {
    const { logger, lines } = capture('warn');
    const log = createRequestLog(logger);
    log.answered(request('/api/contacts', undefined, 'POST'), 429, 0, 'a1');
    log.answered(request('/news'), 500, 0, 'a2');
    log.answered(request('/news'), 404, 0, 'a3');
    expect(lines()).toMatchObject([
      { level: 40, msg: 'request completed', reqId: 'a1', res: { statusCode: 429 } },
      {
        level: 50,
        msg: 'request errored',
        reqId: 'a2',
        res: { statusCode: 500 },
        err: { type: 'Error', message: 'failed with status code 500' },
      },
    ]);
    expect(lines()).toHaveLength(2);
    expect([levelOf(200), levelOf(401), levelOf(403), levelOf(503)]).toEqual([
      'info',
      'info',
      'warn',
      'error',
    ]);
  });

  it('writes a full batch at once, so a burst never waits long or piles up', async () => {
    const { logger, lines } = capture('info');
    const log = createRequestLog(logger);
    for (let i = 0; i < 255; i++) log.hit(request(`/news?page=${i}`), 200, performance.now());
    expect(lines()).toHaveLength(0);
    log.hit(request('/news?page=255'), 200, performance.now());
    expect(lines()).toHaveLength(256);
    log.hit(request('/'), 200, performance.now());
    await afterThisTurn();
    expect(lines()).toHaveLength(257);
    expect(lines().at(-1)).toMatchObject({ reqId: 'cache-257', req: { url: '/' } });
  });

  it('notes nothing when request lines are not logged', async () => {
    const { logger, lines } = capture('warn');
    createRequestLog(logger).hit(request('/'), 200, performance.now());
    await afterThisTurn();
    expect(lines()).toEqual([]);
  });
});
