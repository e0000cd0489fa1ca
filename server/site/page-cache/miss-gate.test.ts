import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createMissGate, MAX_COUNTED_MS } from './miss-gate';

/** A response that ends when the test says, `ms` after its render started. */
function response() {
  const res = Object.assign(new EventEmitter(), { destroyed: false });
  return {
    res: res as unknown as ServerResponse,
    end: () => res.emit('close'),
    gone: () => {
      res.destroyed = true;
      res.emit('close');
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the miss gate', () => {
  it('starts a miss at once when nothing else is rendering', () => {
    const gate = createMissGate({ concurrency: 1, queue: 4, share: 0.5 });
    let rendered = false;
    gate.admit(
      'unkept',
      response().res,
      () => (rendered = true),
      () => undefined,
    );
    expect(rendered).toBe(true);
  });

  it('holds the next miss back so misses take at most their share of the time', async () => {
    const gate = createMissGate({ concurrency: 1, queue: 4, share: 0.5 });
    const first = response();
    let firstAt = 0;
    let secondAt = 0;
    gate.admit(
      'unkept',
      first.res,
      () => (firstAt = performance.now()),
      () => undefined,
    );
    gate.admit(
      'unkept',
      response().res,
      () => (secondAt = performance.now()),
      () => undefined,
    );
    expect(secondAt).toBe(0);
    await sleep(30);
    const endAt = performance.now();
    first.end();
    for (let i = 0; i < 400 && secondAt === 0; i++) await sleep(5);
    // The first took `took` ms (counted up to MAX_COUNTED_MS): with a share of one half the
    // second starts no sooner than as long again after it (timers never fire early).
    const took = Math.min(endAt - firstAt, MAX_COUNTED_MS);
    expect(secondAt).toBeGreaterThan(0);
    expect(secondAt - endAt).toBeGreaterThanOrEqual(took - 1);
  });

  it('lets misses of answers that will be kept go first, and skips clients gone meanwhile', () => {
    const gate = createMissGate({ concurrency: 1, queue: 4, share: 1 });
    const order: string[] = [];
    const running = response();
    gate.admit(
      'unkept',
      running.res,
      () => order.push('first'),
      () => undefined,
    );
    const gone = response();
    gate.admit(
      'unkept',
      response().res,
      () => order.push('unkept'),
      () => undefined,
    );
    gate.admit(
      'keyed',
      gone.res,
      () => order.push('gone'),
      () => undefined,
    );
    gate.admit(
      'keyed',
      response().res,
      () => order.push('keyed'),
      () => undefined,
    );
    gone.gone();
    running.end();
    expect(order).toEqual(['first', 'keyed']);
  });

  it('refuses once the queue is full', () => {
    const gate = createMissGate({ concurrency: 1, queue: 2, share: 1 });
    let refused = 0;
    for (let i = 0; i < 5; i++) {
      gate.admit(
        'unkept',
        response().res,
        () => undefined,
        () => (refused += 1),
      );
    }
    expect(refused).toBe(2);
    expect(gate.stats()).toEqual({ running: 1, waiting: 2, refused: 2 });
  });
});
