import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One bounded load run: throughput, latency percentiles (ms) and failures. */
export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not 2xx/3xx, plus socket errors and timeouts. */
  failures: number;
};

export type LoadRun = {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /** A POST with this JSON body instead of a GET. */
  postJson?: string;
  /**
   * Each request says it comes from another visitor (a random `X-Forwarded-For`
   * in 10.0.0.0/8, as a proxy in front adds it), so per-address limits count
   * each visitor apart, as they do for real traffic. Needs `TRUST_PROXY`.
   */
  manyVisitors?: boolean;
  /** Where wrk's Lua script for a POST may be written. */
  scratchDir: string;
  /** A Lua script of wrk's that makes the requests (`-s`), for GETs. */
  script?: string;
};

/** `12.34ms`, `1.02s`, `850.00us` in milliseconds. */
function ms(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return Number.NaN;
  const value = Number(m[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[m[2] as 'ms'];
}

/** Reads wrk's `--latency` report. */
export function parseWrk(out: string): LoadResult {
  const number = (re: RegExp) => Number(re.exec(out)?.[1] ?? Number.NaN);
  const latency = (p: string) => ms(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: latency('50'),
    p99: latency('99'),
    requests: number(/(\d+) requests in/),
    failures: (number(/Non-2xx or 3xx responses: (\d+)/) || 0) + socketErrors,
  };
}

/** Runs wrk (two threads, bounded in time) against one URL. */
export async function wrk(options: LoadRun): Promise<LoadResult> {
  const args = [
    '-t2',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    '--timeout',
    '5s',
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    args.push('-H', `${name}: ${value}`);
  }
  if (options.postJson !== undefined) {
    const script = path.join(options.scratchDir, 'post.lua');
    writeFileSync(
      script,
      [
        'wrk.method = "POST"',
        `wrk.body = ${JSON.stringify(options.postJson)}`,
        'wrk.headers["Content-Type"] = "application/json"',
        ...(options.manyVisitors
          ? [
              // Each thread of each run draws other addresses (wrk's Lua states start alike).
              'local threads = 0',
              'function setup(thread) threads = threads + 1; thread:set("id", threads) end',
              'function init() math.randomseed(os.time() + id * 7919) end',
              'request = function()',
              '  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d",',
              '    math.random(0, 255), math.random(0, 255), math.random(1, 254))',
              '  return wrk.format()',
              'end',
            ]
          : []),
        '',
      ].join('\n'),
    );
    args.push('-s', script);
  } else if (options.script !== undefined) {
    args.push('-s', options.script);
  }
  args.push(options.url);
  const { stdout } = await run('wrk', args, { timeout: (options.seconds + 30) * 1000 });
  return parseWrk(stdout);
}

export async function hasWrk(): Promise<boolean> {
  try {
    await run('wrk', ['--version']).catch((e: { stdout?: string }) => {
      // wrk prints its version and exits 1.
      if (!/^wrk /.test(e.stdout ?? '')) throw e;
    });
    return true;
  } catch {
    return false;
  }
}
