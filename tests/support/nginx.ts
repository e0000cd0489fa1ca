import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The one way the tests and the bench start nginx: a daemon on 127.0.0.1 run
 * from a directory of its own (configuration, PID file, logs, temp files),
 * stopped by the PID it wrote. Each caller gives only what goes inside the
 * `http` block: the static copy of the pages (bench/nginx.ts), the guide's
 * proxy (bench/documented-proxy.ts) or a proxy in front of several instances
 * (tests/support/nginx-proxy.ts).
 */

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary of this machine, or null when it has none. */
export function findNginx(): string | null {
  for (const candidate of NGINX_CANDIDATES) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export type RunningNginx = {
  /** nginx's error log so far. */
  errorLog(): string;
  /** Asks nginx to finish its requests and stop, and waits until it has. */
  stop(): Promise<void>;
};

export type NginxOptions = {
  /** The directory nginx runs from; made if missing, left for the caller to remove. */
  dir: string;
  /** The lines of the `http` block: servers, upstreams, logs and tuning. */
  http: string[];
  /** `worker_processes`: a number, or `auto` (one per core). */
  workers: number | 'auto';
  /** `worker_connections` of each worker. */
  connections: number;
};

/** Writes the configuration, starts nginx and resolves once it is listening. */
export async function startNginxDaemon(
  binary: string,
  options: NginxOptions,
): Promise<RunningNginx> {
  const { dir } = options;
  const tmp = path.join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  const pidFile = path.join(dir, 'nginx.pid');
  const errorLog = path.join(dir, 'error.log');
  writeFileSync(
    conf,
    [
      // As root the workers would run as nobody, which cannot reach the temp dir.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `worker_processes ${options.workers};`,
      'daemon on;',
      `pid ${pidFile};`,
      `error_log ${errorLog} warn;`,
      `events { worker_connections ${options.connections}; }`,
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${tmp};`,
      ),
      ...options.http,
      '}',
      '',
    ].join('\n'),
  );
  // With `daemon on` the command exits once nginx has bound its sockets.
  await new Promise<void>((resolve, reject) => {
    const child = spawn(binary, ['-c', conf, '-p', dir], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`nginx exited ${code} (see ${errorLog})`)),
    );
  });
  return {
    errorLog: () => readFileSync(errorLog, 'utf8'),
    async stop() {
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      process.kill(pid, 'SIGQUIT');
      // nginx removes its PID file as its master exits.
      for (let i = 0; i < 50 && existsSync(pidFile); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
