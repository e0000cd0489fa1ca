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

/**
 * A response as Node makes one: on `connection`, with no socket yet while
 * it waits behind earlier answers there (pipelined) until `turn` gives it
 * one; `stuck` when what was written to it waits for its client to read.
 */
function nodeResponse(connection: object, options: { pipelined?: boolean; stuck?: boolean } = {}) {
  const res = Object.assign(new EventEmitter(), {
    destroyed: false,
    socket: options.pipelined ? null : connection,
    req: { socket: connection },
    writableNeedDrain: options.stuck === true,
    destroy() {
      res.destroyed = true;
      res.emit('close');
    },
  });
  return {
    res: res as unknown as ServerResponse,
    ended: () => res.emit('prefinish'),
    /** Out: compressed and written to the socket. */
    sent: () => res.emit('finish'),
    turn: () => {
      res.socket = connection;
      res.emit('socket', connection);
    },
    gone: () => res.destroy(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nothing = () => undefined;

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

  it('ends a turn when the render has made its answer, not once the client has read it', () => {
    const gate = createMissGate({ concurrency: 1, queue: 4, share: 1 });
    const connection = {};
    const order: string[] = [];
    const [first, second, third] = [1, 2, 3].map(() => nodeResponse(connection));
    gate.admit('unkept', first!.res, () => order.push('first'), nothing);
    gate.admit('unkept', second!.res, () => order.push('second'), nothing);
    gate.admit('unkept', third!.res, () => order.push('third'), nothing);
    expect(order).toEqual(['first']);
    // Ended by the app: Node has it to send, however slowly the client reads.
    first!.ended();
    expect(order).toEqual(['first', 'second']);
    // Handed to Express by the page cache's capture, still being compressed.
    gate.rendered(second!.res);
    expect(order).toEqual(['first', 'second', 'third']);
    // Neither ends a turn twice, nor one that is not running.
    first!.ended();
    gate.rendered(second!.res);
    expect(gate.stats()).toEqual({ running: 1, waiting: 0, refused: 0 });
  });

  it("counts an answer's time until it is out toward the share, without holding the turn", async () => {
    const gate = createMissGate({ concurrency: 1, queue: 4, share: 0.5 });
    const order: string[] = [];
    const first = nodeResponse({});
    gate.admit('unkept', first.res, () => order.push('first'), nothing);
    // Rendered at once: its turn ends there.
    gate.rendered(first.res);
    expect(gate.stats().running).toBe(0);
    // Its compression and write take 30 ms; with a share of one half, as long again follows.
    await sleep(30);
    first.sent();
    const sentAt = performance.now();
    gate.admit('unkept', nodeResponse({}).res, () => order.push('second'), nothing);
    for (let i = 0; i < 100 && order.length < 2; i++) await sleep(2);
    expect(order).toEqual(['first', 'second']);
    expect(performance.now() - sentAt).toBeGreaterThanOrEqual(29);
  });

  it('renders a pipelined miss once the answers before it are sent, and refuses too many', () => {
    const gate = createMissGate({ concurrency: 1, queue: 4, share: 1, pipelined: 2 });
    const connection = {};
    const order: string[] = [];
    let refused = 0;
    const refuse = () => (refused += 1);
    const [a, b, c, d] = [1, 2, 3, 4].map(() => nodeResponse(connection, { pipelined: true }));
    gate.admit('unkept', a!.res, () => order.push('a'), refuse);
    gate.admit('unkept', b!.res, () => order.push('b'), refuse);
    // Two already wait on this connection: the third is refused, and none is in the queue.
    gate.admit('unkept', c!.res, () => order.push('c'), refuse);
    expect([order, refused, gate.stats().waiting]).toEqual([[], 1, 0]);
    // Another connection's miss is not held up by them.
    const other = nodeResponse({});
    gate.admit('unkept', other.res, () => order.push('other'), refuse);
    expect(order).toEqual(['other']);
    // One that goes away leaves room; one whose turn comes joins the queue.
    b!.gone();
    gate.admit('unkept', d!.res, () => order.push('d'), refuse);
    expect(refused).toBe(1);
    a!.turn();
    expect(gate.stats().waiting).toBe(1);
    other.ended();
    expect(order).toEqual(['other', 'a']);
  });

  it('gives a turn up after the send timeout, and cuts an answer its client does not read', async () => {
    const gate = createMissGate({ concurrency: 1, queue: 4, share: 1, sendTimeout: 30 });
    const order: string[] = [];
    // Its answer is made but the client takes none of it (compression waits for room).
    const stuck = nodeResponse({}, { stuck: true });
    // Still rendering: waiting for something other than the client.
    const slow = nodeResponse({});
    gate.admit('unkept', stuck.res, () => order.push('stuck'), nothing);
    gate.admit('unkept', slow.res, () => order.push('slow'), nothing);
    gate.admit('unkept', nodeResponse({}).res, () => order.push('last'), nothing);
    await sleep(45);
    expect(order).toEqual(['stuck', 'slow']);
    expect(stuck.res.destroyed).toBe(true);
    await sleep(45);
    expect(order).toEqual(['stuck', 'slow', 'last']);
    expect(slow.res.destroyed).toBe(false);
  });
});
