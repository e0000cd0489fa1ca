import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { TooManyRequestsError } from '../../errors';

/**
 * scrypt runs on worker threads of its own, a few at a time, behind a short
 * queue. Node's async `crypto.scrypt` would run on the libuv thread pool,
 * which SQLite's queries and file reads share: a flood of bogus sign-ins
 * would fill it and stall every page. Here at most `concurrency` hashes run
 * (one core is left to the request path), and when `maxQueue` more are
 * waiting the next caller gets a 429 with Retry-After at once.
 */
export type ScryptJob = {
  password: string;
  salt: Buffer;
  keyLength: number;
  N: number;
  r: number;
  p: number;
};

/** The worker: plain CommonJS run from a string, so the server bundle needs no second file. */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', (job) => {
  try {
    const maxmem = 128 * job.N * job.r * 2;
    const key = scryptSync(job.password, Buffer.from(job.salt), job.keyLength,
      { N: job.N, r: job.r, p: job.p, maxmem });
    parentPort.postMessage({ key });
  } catch (error) {
    parentPort.postMessage({ error: error && error.message ? error.message : String(error) });
  }
});
`;

/** Seconds a refused caller is asked to wait. */
export const HASH_QUEUE_RETRY_AFTER = 2;

type Waiting = { job: ScryptJob; resolve: (key: Buffer) => void; reject: (e: Error) => void };

export type HashPool = { run(job: ScryptJob): Promise<Buffer>; close(): Promise<void> };

export function createHashPool({
  concurrency = Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxQueue = 8,
}: { concurrency?: number; maxQueue?: number } = {}): HashPool {
  const idle: Worker[] = [];
  const all: Worker[] = [];
  const queue: Waiting[] = [];

  function spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    all.push(worker);
    return worker;
  }

  function dispatch(worker: Worker, item: Waiting): void {
    const onMessage = (msg: { key?: Uint8Array; error?: string }) => {
      worker.off('error', onError);
      if (msg.key) item.resolve(Buffer.from(msg.key));
      else item.reject(new Error(msg.error ?? 'scrypt failed'));
      next(worker);
    };
    const onError = (error: Error) => {
      worker.off('message', onMessage);
      all.splice(all.indexOf(worker), 1);
      item.reject(error);
      const waiting = queue.shift();
      if (waiting) dispatch(spawn(), waiting);
    };
    worker.once('message', onMessage);
    worker.once('error', onError);
    worker.postMessage({ ...item.job, salt: new Uint8Array(item.job.salt) });
  }

  function next(worker: Worker): void {
    const waiting = queue.shift();
    if (waiting) dispatch(worker, waiting);
    else idle.push(worker);
  }

  return {
    run(job) {
      return new Promise<Buffer>((resolve, reject) => {
        const item = { job, resolve, reject };
        const worker = idle.pop() ?? (all.length < concurrency ? spawn() : undefined);
        if (worker) return dispatch(worker, item);
        if (queue.length >= maxQueue) {
          return reject(new TooManyRequestsError('apiErrors.busy', HASH_QUEUE_RETRY_AFTER));
        }
        queue.push(item);
      });
    },
    async close() {
      for (const waiting of queue.splice(0)) waiting.reject(new Error('hash pool closed'));
      await Promise.all(all.splice(0).map((w) => w.terminate()));
      idle.length = 0;
    },
  };
}
