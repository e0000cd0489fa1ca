import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A page saved from the server: the exact bytes it sent and the headers that
 * describe them, served by nginx at `path` (the server's own address) or `/<name>`.
 */
export type SavedPage = {
  name: string;
  path?: string;
  body: Buffer;
  headers: Record<string, string>;
};

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];

export function findNginx(): string | null {
  for (const candidate of NGINX_CANDIDATES) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Headers nginx sets itself, or that belong to one delivery. */
const OWN = new Set([
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'etag',
  'x-cache',
  'x-request-id',
]);

/**
 * nginx on 127.0.0.1 serving the saved pages as static files at `/<name>`,
 * with the same headers (content type, encoding, security headers) and an
 * access log like the server's own, so both sides do the same work. Stopped by
 * the PID it wrote.
 */
export async function startNginx(
  binary: string,
  dir: string,
  port: number,
  pages: SavedPage[],
): Promise<{ stop(): Promise<void> }> {
  const www = path.join(dir, 'www');
  mkdirSync(www, { recursive: true });
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const locations = pages.map((page) => {
    writeFileSync(path.join(www, page.name), page.body);
    const headers = Object.entries(page.headers)
      .filter(([name]) => !OWN.has(name) && name !== 'content-type')
      .map(([name, value]) => `      add_header ${name} ${JSON.stringify(value)};`)
      .join('\n');
    return [
      `    location = ${page.path ?? `/${page.name}`} {`,
      `      try_files /${page.name} =404;`,
      `      default_type ${JSON.stringify(page.headers['content-type'] ?? 'text/html')};`,
      // The saved type is the one sent: never nginx's own guess from a file name.
      '      types { }',
      headers,
      '    }',
    ].join('\n');
  });
  const conf = path.join(dir, 'nginx.conf');
  const pidFile = path.join(dir, 'nginx.pid');
  writeFileSync(
    conf,
    [
      // As root the workers would run as nobody, which cannot read the temp dir.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes auto;',
      'daemon on;',
      `pid ${pidFile};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${path.join(dir, 'access.log')} combined buffer=64k flush=1s;`,
      '  sendfile on; tcp_nopush on; keepalive_requests 100000;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${path.join(dir, 'tmp')};`,
      ),
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    root ${www};`,
      ...locations,
      '  }',
      '}',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve, reject) => {
    const child = spawn(binary, ['-c', conf, '-p', dir], { stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`nginx exited ${code}`)),
    );
  });
  return {
    async stop() {
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      process.kill(pid, 'SIGQUIT');
      for (let i = 0; i < 50 && existsSync(pidFile); i++)
        await new Promise((r) => setTimeout(r, 100));
    },
  };
}
