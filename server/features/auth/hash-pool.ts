import { availableParallelism } from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import { TooManyRequestsError } from '../../errors';

/**
 * scrypt runs in helper processes of its own, a few at a time, behind a
 * short queue. Node's async `crypto.scrypt` would run on the libuv thread
 * pool, which SQLite's queries and file reads share: a flood of bogus
 * sign-ins would fill it and stall every page. Worker threads would share the
 * server's address space, and each hash maps and unmaps 128 MiB, which holds
 * the process's memory-map lock against the request path; a process of its
 * own, at the lowest CPU priority, takes only spare CPU. At most
 * `concurrency` hashes run (one core is left to the request path), and when
 * `maxQueue` more are waiting the next caller gets a 429 with Retry-After at
 * once.
 */
export type ScryptJob = {
  password: string;
  salt: Buffer;
  keyLength: number;
  N: number;
  r: number;
  p: number;
};

/** The helper: plain CommonJS run from a string, so the server bundle needs no second file. */
const HELPER_SOURCE = `
const { scryptSync } = require('node:crypto');
try { require('node:os').setPriority(19); } catch {}
process.on('disconnect', () => process.exit(0));
// The server may be gone (killed) by the time a hash is ready: then there is nobody to answer.
const reply = (msg) => { if (process.connected) process.send(msg, () => {}); };
process.on('message', (job) => {
  try {
    const maxmem = 128 * job.N * job.r * 2;
    const key = scryptSync(job.password, Buffer.from(job.salt, 'base64'), job.keyLength,
      { N: job.N, r: job.r, p: job.p, maxmem });
    reply({ key: key.toString('base64') });
  } catch (error) {
    reply({ error: error && error.message ? error.message : String(error) });
  }
});
`;

/** Seconds a refused caller is asked to wait. */
export const HASH_QUEUE_RETRY_AFTER = 2;

type Waiting = { job: ScryptJob; resolve: (key: Buffer) => void; reject: (e: Error) => void };

export type HashPool = {
  run(job: ScryptJob): Promise<Buffer>;
  /** True when a new job would be refused: every helper busy and the queue full. */
  full(): boolean;
  close(): Promise<void>;
};

export function createHashPool({
  concurrency = Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxQueue = 8,
}: { concurrency?: number; maxQueue?: number } = {}): HashPool {
  const idle: ChildProcess[] = [];
  const all: ChildProcess[] = [];
  const queue: Waiting[] = [];

  /** A helper that does not keep the server alive: it exits when the server does. */
  function start(): ChildProcess {
    const helper = spawn(process.execPath, ['-e', HELPER_SOURCE], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: {},
    });
    helper.unref();
    helper.channel?.unref();
    all.push(helper);
    return helper;
  }

  function dispatch(helper: ChildProcess, item: Waiting): void {
    const onMessage = (msg: { key?: string; error?: string }) => {
      helper.off('exit', onExit);
      if (msg.key) item.resolve(Buffer.from(msg.key, 'base64'));
      else item.reject(new Error(msg.error ?? 'scrypt failed'));
      next(helper);
    };
    const onExit = () => {
      helper.off('message', onMessage);
      all.splice(all.indexOf(helper), 1);
      item.reject(new Error('password hashing helper exited'));
      const waiting = queue.shift();
      if (waiting) dispatch(start(), waiting);
    };
    helper.once('message', onMessage);
    helper.once('exit', onExit);
    helper.channel?.unref();
    helper.send({ ...item.job, salt: item.job.salt.toString('base64') });
  }

  function next(helper: ChildProcess): void {
    const waiting = queue.shift();
    if (waiting) dispatch(helper, waiting);
    else idle.push(helper);
  }

  // The helpers never keep the server alive; while a hash is owed to someone, this timer does.
  let owed = 0;
  let keepAlive: NodeJS.Timeout | undefined;
  const settle = <T>(promise: Promise<T>): Promise<T> => {
    if (owed++ === 0) keepAlive = setInterval(() => undefined, 60_000);
    return promise.finally(() => {
      if (--owed === 0) clearInterval(keepAlive);
    });
  };

  return {
    run(job) {
      return settle(
        new Promise<Buffer>((resolve, reject) => {
          const item = { job, resolve, reject };
          const helper = idle.pop() ?? (all.length < concurrency ? start() : undefined);
          if (helper) return dispatch(helper, item);
          if (queue.length >= maxQueue) {
            return reject(new TooManyRequestsError('apiErrors.busy', HASH_QUEUE_RETRY_AFTER));
          }
          queue.push(item);
        }),
      );
    },
    full: () => idle.length === 0 && all.length >= concurrency && queue.length >= maxQueue,
    async close() {
      for (const waiting of queue.splice(0)) waiting.reject(new Error('hash pool closed'));
      const helpers = all.splice(0);
      idle.length = 0;
      await Promise.all(
        helpers.map(
          (h) =>
            new Promise<void>((resolve) => {
              if (h.exitCode !== null || h.signalCode !== null) return resolve();
              h.once('exit', () => resolve());
              h.ref(); // wait for it: an unreferenced child would let the process end first
              h.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
